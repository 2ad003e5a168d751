import { eq } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { aiAssistantDocuments, products } from "@server/db/schema";
import { canAccessPath, type AccessUser } from "~/lib/access";
import { ORIGIN_ASSISTANT, ORIGIN_MESSAGE, PDF_MIME } from "./rules";

const MESSAGES = ["/messages"];
const ASSISTANTS = ["/chatbot-documents"];
const INVENTORY = ["/web-inventory", "/products"];

/**
 * Who may download a stored file: whoever may open the record it belongs to. A file sent in a
 * conversation belongs to Messages, a document uploaded to an assistant to Asistentes IA: by their
 * origin, for good — deleting the message or the document (the nightly sweep removes the file later)
 * does not hand it to anyone else. A library data sheet belongs to the inventory, and to Asistentes IA
 * too when an assistant took it; a library PDF nothing points at any more stays with the screens
 * that list library PDFs. The rest are the shared image library (galleries, banners, blogs,
 * catalogues): pictures published on the shop, offered to every content screen, so any signed-in user.
 */
export async function screensOwningFile(file: { id: string; origin: string; mimeType: string }): Promise<string[] | "library"> {
  if (file.origin === ORIGIN_MESSAGE) return MESSAGES;
  if (file.origin === ORIGIN_ASSISTANT) return ASSISTANTS;
  const [document] = await getDb()
    .select({ id: aiAssistantDocuments.id })
    .from(aiAssistantDocuments)
    .where(eq(aiAssistantDocuments.fileId, file.id))
    .limit(1);
  const [sheet] = await getDb().select({ id: products.id }).from(products).where(eq(products.dataSheetId, file.id)).limit(1);
  if (document || sheet) return [...(document ? ASSISTANTS : []), ...(sheet ? INVENTORY : [])];
  if (file.mimeType === PDF_MIME) return [...INVENTORY, ...ASSISTANTS];
  return "library";
}

export async function maySeeFile(user: AccessUser, file: { id: string; origin: string; mimeType: string }): Promise<boolean> {
  const owners = await screensOwningFile(file);
  return owners === "library" || owners.some((path) => canAccessPath(user, path));
}

/** Types a browser may show in the page; anything else (HTML, SVG, scripts) is only ever downloaded. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif", "application/pdf"]);

export function contentDisposition(mimeType: string, name: string): string {
  const kind = INLINE_TYPES.has(mimeType.toLowerCase()) ? "inline" : "attachment";
  return `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
