import { z } from "zod";
import { parseQuery, q } from "~/lib/query";

/**
 * AI assistants (spec 2 §2 'AI assistants', §5 'Assistant', §8, §9): texts, page sizes, the name
 * rule and the chat conversation that travels in the form. Pure: used by forms, actions and tests.
 */
export const ASSISTANTS_PATH = "/chatbot-documents";
export const ASSISTANTS_PAGE_SIZE = 8;
export const DOCUMENTS_PAGE_SIZE = 10;
/** Files offered by the "pick an existing PDF" list. */
export const LIBRARY_PAGE_SIZE = 8;
export const PDF_MAX_BYTES = 20 * 1024 * 1024;
export const PDF_MIME = "application/pdf";
export const SKU_MAX = 60;
export const QUESTION_MAX = 1000;
/** The name becomes a table name in the AI service: PostgreSQL identifiers stop at 63 bytes. */
export const ASSISTANT_NAME_MAX = 63;

export const ASSISTANT_TEXTS = {
  title: "Asistentes IA",
  newButton: "Nuevo asistente",
  newTitle: "Nuevo asistente",
  create: "Crear",
  update: "Actualizar",
  nameLabel: "Nombre del asistente",
  nameHint: "Letras sin acentos, números y guion bajo; sin espacios. No se puede cambiar después.",
  skuLabel: "SKU del producto del nuevo documento",
  uploadLabel: "Subir ficha técnica (PDF, máximo 20 MB)",
  pickLabel: "O elige un PDF de la biblioteca",
  chatTitle: "Nuevo chat",
  questionLabel: "Pregunta",
  send: "Enviar",
  empty: "No hay asistentes que coincidan con la búsqueda.",
  noDocuments: "Este asistente aún no tiene documentos.",
  noLibrary: "No hay archivos PDF que coincidan.",
  readOnly: "Este asistente está restringido: solo Admin y Developer pueden agregar o eliminar documentos.",
  restricted: "Restringido",
  notFoundTitle: "Asistente no encontrado",
  notFoundText: "El asistente no existe o fue eliminado.",
  documentNotFoundTitle: "Documento no encontrado",
  documentNotFoundText: "El documento no existe o fue eliminado.",
  deleteTitle: "Eliminar asistente",
  deleteDocumentTitle: "Eliminar documento",
  viewerTitle: "Documento",
  viewerEmpty: "El documento no tiene contenido.",
  created: "Asistente creado",
  deleted: "Asistente eliminado",
  documentAdded: "Documento agregado",
  documentDeleted: "Documento eliminado",
  forbiddenTitle: "Sin permiso",
  forbiddenText: "Solo Admin y Developer pueden modificar los documentos de este asistente.",
} as const;

/** Spec 8: the toast texts. */
export const ASSISTANT_MESSAGES = {
  created: "Se ha creado exitosamente",
  documentAdded: "Información agregada/actualizada exitosamente",
  deleted: "Se ha eliminado exitosamente",
} as const;

/** Spec 5 'Assistant': the name rule's title and its two reasons. */
export const NAME_TEXTS = {
  title: "Nombre del Asistente inválido",
  short: "Nombre del Asistente inválido: escribe al menos 4 caracteres (mínimo cuatro caracteres)",
  characters: "Nombre del Asistente inválido: usa solo letras sin acentos, números y guion bajo, sin espacios (Sin caracteres especiales)",
  long: `Nombre del Asistente inválido: máximo ${ASSISTANT_NAME_MAX} caracteres`,
  taken: "Ya existe un asistente con ese nombre.",
} as const;

/** Spec 5: the document refusals, as toast title and text. */
export const DOCUMENT_ERRORS = {
  noDocument: { title: "No hay documento", message: "Error al actualizar asistente, no has agregado un documento para actualizar su información" },
  missingSku: { title: "Falta Sku del Documento", message: 'Es necesario ingresar el campo "SKU del producto del nuevo documento"' },
  exists: { title: "Documento ya existente", message: "Ya existe un documento con ese nombre." },
  invalidPdf: { title: "Documento no válido", message: "La ficha técnica debe ser un archivo PDF de máximo 20 MB." },
  invalidSku: { title: "SKU inválido", message: `El SKU debe tener como máximo ${SKU_MAX} caracteres, sin espacios.` },
  aiFailed: { title: "No se pudo agregar el documento" },
} as const;

/** Spec 8, chat: the failure bubble and what an assistant without documents answers. */
export const CHAT_TEXTS = {
  failure: "Ha ocurrido un error en el sistema, vuelve a intentarlo",
  noDocuments:
    "Todavía no puedo responder bien tus preguntas: este asistente aún no tiene documentos específicos. Agrega fichas técnicas para mejorar mis respuestas.",
  greeting: "Hola, soy el asistente {name}. Pregúntame sobre los productos de mis fichas técnicas.",
  thinking: "Escribiendo…",
} as const;

export function deleteDocumentQuestion(assistantName: string) {
  return `¿Esta seguro que desea eliminar este documento el asistente ${assistantName}?`;
}

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

export const AssistantCreateSchema = z.object({
  assistantName: z
    .string({ required_error: NAME_TEXTS.short })
    .superRefine((value, ctx) => {
      for (const message of assistantNameProblems(value)) ctx.addIssue({ code: "custom", message });
    }),
});
export type AssistantCreateInput = z.output<typeof AssistantCreateSchema>;

/** SKUs as the catalogue writes them: no spaces, upper-cased for the AI service. */
export const SkuSchema = z
  .string()
  .trim()
  .max(SKU_MAX)
  .regex(/^\S*$/)
  .transform((s) => s.toUpperCase());

// ---------------------------------------------------------------------------------------------------
// URLs

const ListQueryShape = { search: q.search(), page: q.page() };
export type AssistantListQuery = ReturnType<typeof parseAssistantListQuery>;
export function parseAssistantListQuery(source: Request | URL | URLSearchParams) {
  return parseQuery(source, ListQueryShape);
}

const DialogQueryShape = { docPage: q.page(), fileSearch: q.search() };
export function parseAssistantDialogQuery(source: Request | URL | URLSearchParams) {
  return parseQuery(source, DialogQueryShape);
}

/** The viewer's page of content: `page` already pages the list underneath, so the viewer has its own name. */
const ViewerQueryShape = { sheet: q.page() };
export function parseViewerQuery(source: Request | URL | URLSearchParams) {
  return parseQuery(source, ViewerQueryShape);
}

/** Only the list's own parameters, so a dialog's close link drops the dialog's ones. */
export function listSearchOf(search: string) {
  const params = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const key of ["search", "page"]) {
    const value = params.get(key);
    if (value) out.set(key, value);
  }
  const text = out.toString();
  return text ? `?${text}` : "";
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
