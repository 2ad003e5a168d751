import { eq } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { aiAssistantDocuments, products } from "@server/db/schema";
import { canAccessPath, type AccessUser } from "~/lib/access";

/**
 * Who may download a stored file: whoever may open the record it belongs to. A file sent in a
 * conversation belongs to Messages, an assistant's document to Asistentes IA, a product's data sheet
 * to the inventory. The rest are the shared image library (galleries, banners, blogs, catalogues):
 * pictures published on the shop, offered to every content screen, so any signed-in user.
 */
export async function screensOwningFile(file: { id: string; origin: string }): Promise<string[] | "library"> {
  if (file.origin === "message") return ["/messages"];
  const [document] = await getDb().select({ id: aiAssistantDocuments.id }).from(aiAssistantDocuments).where(eq(aiAssistantDocuments.fileId, file.id)).limit(1);
  if (document) return ["/chatbot-documents"];
  const [sheet] = await getDb().select({ id: products.id }).from(products).where(eq(products.dataSheetId, file.id)).limit(1);
  if (sheet) return ["/web-inventory", "/products"];
  return "library";
}

export async function maySeeFile(user: AccessUser, file: { id: string; origin: string }): Promise<boolean> {
  const owners = await screensOwningFile(file);
  return owners === "library" || owners.some((path) => canAccessPath(user, path));
}

/** Types a browser may show in the page; anything else (HTML, SVG, scripts) is only ever downloaded. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif", "application/pdf"]);

export function contentDisposition(mimeType: string, name: string): string {
  const kind = INLINE_TYPES.has(mimeType.toLowerCase()) ? "inline" : "attachment";
  return `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
