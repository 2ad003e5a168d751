import crypto from "node:crypto";
import { aiAssistantDocuments, aiAssistants } from "../../schema";
import type { SeedContext } from "./context";

/**
 * The demo's AI assistants, each with a few technical sheets of real demo products. The sheets have
 * no file (the AI service already holds their text: the simulator seed copies these rows into
 * sim.ai_documents from the products they name), so the viewer and the chat work on a fresh clone.
 */
export const DEMO_ASSISTANTS: Array<{ name: string; restricted: boolean; createdDaysAgo: number; skus: string[] }> = [
  { name: "Iluminacion", restricted: false, createdDaysAgo: 90, skus: ["PHA19LED9W65", "PHT8LED18W120", "PHPANEL6060"] },
  { name: "Cables_Conductores", restricted: false, createdDaysAgo: 60, skus: ["THW12NE100", "VTHHW14BL100"] },
  // The restricted one: the old screen hard-coded one assistant only Admin/Developer could change.
  { name: "Proteccion", restricted: true, createdDaysAgo: 30, skus: ["QO120", "HOM220", "QO120GFI"] },
];

export function demoSheetName(sku: string) {
  return `Ficha técnica ${sku}.pdf`;
}

/** A stable id in UUID form, so the same demo always gives the AI service the same document ids. */
export function demoDocumentId(assistant: string, sku: string) {
  const hex = crypto.createHash("sha1").update(`demo-ai-document:${assistant}:${sku}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function seedAssistants(ctx: SeedContext): Promise<{ assistants: number; documents: number }> {
  const { tx, clock } = ctx;
  let documents = 0;
  // Oldest first, so ids grow with the creation date (the list shows newest first by id).
  for (const a of DEMO_ASSISTANTS) {
    const createdAt = clock.at(a.createdDaysAgo, 10, 0).toJSDate();
    const [row] = await tx
      .insert(aiAssistants)
      .values({ assistantName: a.name, restricted: a.restricted, createdAt })
      .returning({ id: aiAssistants.id });
    await tx.insert(aiAssistantDocuments).values(
      a.skus.map((sku, i) => ({
        assistantId: row.id,
        documentId: demoDocumentId(a.name, sku),
        sku,
        nameDocument: demoSheetName(sku),
        fileId: null,
        createdAt: clock.at(a.createdDaysAgo - 1 - i, 11, 0).toJSDate(),
      })),
    );
    documents += a.skus.length;
  }
  return { assistants: DEMO_ASSISTANTS.length, documents };
}
