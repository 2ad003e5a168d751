import { z } from "zod";
import { parseQuery, q } from "~/lib/query";
import { SKU_MAX, QUESTION_MAX, ASSISTANT_NAME_MAX, NAME_TEXTS } from "./texts";
export * from "./texts";

/**
 * AI assistants (spec 2 §2 'AI assistants', §5 'Assistant', §8, §9): texts, page sizes, the name
 * rule and the chat conversation that travels in the form. Pure: used by forms, actions and tests.
 */

// ---------------------------------------------------------------------------------------------------
// The name

const NAME_CHARACTERS = /^[A-Za-z0-9_]*$/;

/** Every reason a name is refused (empty when it is acceptable); the name is taken as typed. */
export function assistantNameProblems(name: string): string[] {
  const problems: string[] = [];
  if (!NAME_CHARACTERS.test(name)) problems.push(NAME_TEXTS.characters);
  if (name.length < 4) problems.push(NAME_TEXTS.short);
  if (name.length > ASSISTANT_NAME_MAX) problems.push(NAME_TEXTS.long);
  return problems;
}

/** Spec 2 §5: a short name or one with spaces, accents or symbols has the spec's own message ("Nombre del Asistente inválido"). */
export const ASSISTANT_NAME_SPEC_MESSAGES = { assistantName: "invalid" } as const;

/** SKUs as the catalogue writes them: no spaces, upper-cased for the AI service. */
export const SkuSchema = z
  .string()
  .trim()
  .max(SKU_MAX)
  .regex(/^\S*$/)
  .transform((s) => s.toUpperCase());

/**
 * The add-document form: a sheet (uploaded or picked from the library) and its SKU, checked by
 * `addPostedDocument` with `SkuSchema`. A missing SKU has the spec's message ("Es necesario ingresar el
 * campo "SKU del producto del nuevo documento""), so the box is not `required`.
 */
export const DocumentFormSchema = z.object({ sku: SkuSchema });
export const DOCUMENT_SPEC_MESSAGES = { sku: "missing" } as const;

/** The chat box: the question is trimmed and an empty one is ignored (spec 2 §5), never refused. */
export const ChatFormSchema = z.object({ question: z.string().trim().max(QUESTION_MAX).default("") });

// ---------------------------------------------------------------------------------------------------
// URLs

export const ListQueryShape = { search: q.search(), page: q.page() };
export type AssistantListQuery = ReturnType<typeof parseAssistantListQuery>;
export function parseAssistantListQuery(source: URL | URLSearchParams) {
  return parseQuery(source, ListQueryShape);
}

export const DialogQueryShape = { docPage: q.page(), fileSearch: q.search() };
export function parseAssistantDialogQuery(source: URL | URLSearchParams) {
  return parseQuery(source, DialogQueryShape);
}

/** The viewer's page of content: `page` already pages the list underneath, so the viewer has its own name. */
const ViewerQueryShape = { sheet: q.page() };
export function parseViewerQuery(source: URL | URLSearchParams) {
  return parseQuery(source, ViewerQueryShape);
}

/** A record id from the URL: digits only, within a serial's range; anything else is a 404. */
export const AssistantIdSchema = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

// ---------------------------------------------------------------------------------------------------
// The chat conversation

export const CONVERSATION_MAX_TURNS = 60;
const TurnSchema = z.object({
  from: z.enum(["user", "assistant"]),
  text: z.string().max(8000),
  at: z.string().datetime({ offset: true }),
  error: z.boolean().optional(),
});
export type ChatTurn = z.output<typeof TurnSchema>;
export type Conversation = { turns: ChatTurn[]; summary: string };

const ConversationSchema = z.object({
  turns: z.array(TurnSchema).max(CONVERSATION_MAX_TURNS * 2),
  summary: z.string().max(20000).default(""),
});

export const EMPTY_CONVERSATION: Conversation = { turns: [], summary: "" };

/**
 * The conversation posted back by the chat form (hidden input). It is the user's own chat, so a
 * malformed or tampered value only restarts it.
 */
export function parseConversation(raw: unknown): Conversation {
  if (typeof raw !== "string" || raw === "") return EMPTY_CONVERSATION;
  try {
    const parsed = ConversationSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_CONVERSATION;
  } catch {
    return EMPTY_CONVERSATION;
  }
}

export function serializeConversation(conversation: Conversation) {
  return JSON.stringify(conversation);
}

/** Adds turns, keeping only the most recent ones so the form never grows without bound. */
export function appendTurns(conversation: Conversation, turns: ChatTurn[], summary = conversation.summary): Conversation {
  const all = [...conversation.turns, ...turns];
  return { turns: all.slice(-CONVERSATION_MAX_TURNS), summary };
}

/** The question as asked: trimmed, inner runs of blanks kept (they may matter), null when blank. */
export function cleanQuestion(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim().slice(0, QUESTION_MAX);
  return text ? text : null;
}

// ---------------------------------------------------------------------------------------------------
// Shapes

export type AssistantRow = { id: number; name: string; restricted: boolean; documents: number };
export type AssistantDocumentRow = { id: number; documentId: string; sku: string; nameDocument: string; fileId: string | null };
export type LibraryFile = { fileId: string; name: string; url: string };
export type PageOf<T> = { rows: T[]; total: number; page: number; pageSize: number };

/** Whether a PDF's first bytes carry its signature. */
export function looksLikePdf(bytes: Uint8Array) {
  return bytes.length >= 5 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d;
}

/**
 * Spec 6: a restricted assistant's documents are changed only by Admin and Developer; the others
 * may open it and chat. Unrestricted assistants are open to every role of the screen.
 */
export function mayChangeDocuments(role: string, restricted: boolean) {
  return !restricted || role === "admin" || role === "developer";
}
