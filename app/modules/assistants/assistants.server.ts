import crypto from "node:crypto";
import { and, count, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { countOf, pageOf, windowTotal } from "~/lib/list.server";
import { getDb, type Db } from "@server/db/client";
import { aiAssistantDocuments, aiAssistants } from "@server/db/schema";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import { STORAGE_DOWN_MESSAGE } from "@server/storage";
import { withParams } from "~/lib/list-url";
import { audit } from "~/modules/logs/audit.server";
import type { Reason } from "~/modules/results";
import type { PostedFile } from "~/lib/multipart.server";
import { discardPdf, libraryPdf, listLibraryPdfs, storePdf, type StoredPdf } from "~/modules/files/files.server";
import { FILE_TEXTS, LIBRARY_ORIGINS, ORIGIN_ASSISTANT } from "~/modules/files/rules";
import {
  ASSISTANTS_PAGE_SIZE,
  ASSISTANTS_PATH,
  AssistantIdSchema,
  CHAT_TEXTS,
  DOCUMENTS_PAGE_SIZE,
  DOCUMENT_ERRORS,
  NAME_TEXTS,
  SkuSchema,
  appendTurns,
  listSearchOf,
  type AssistantDocumentRow,
  type AssistantListQuery,
  type AssistantRow,
  type ChatTurn,
  type Conversation,
  type PageOf,
} from "./rules";
import { containsPattern } from "~/lib/like-pattern";

const TAGS = ["assistants"];
type Actor = { id: number };
export type Assistant = { id: number; name: string; restricted: boolean };
export type Refusal = { title: string; message: string };

// ---------------------------------------------------------------------------------------------------
// Queries

export function assistantListWhere(query: Pick<AssistantListQuery, "search">): SQL | undefined {
  return query.search ? ilike(aiAssistants.assistantName, containsPattern(query.search)) : undefined;
}

/** One page, newest first, each with its document count (one grouped query); the total as a window count. */
export function assistantsPageQuery(db: Pick<Db, "select">, query: AssistantListQuery) {
  return db
    .select({
      id: aiAssistants.id,
      name: aiAssistants.assistantName,
      restricted: aiAssistants.restricted,
      documents: count(aiAssistantDocuments.id).as("documents"),
      total: windowTotal(),
    })
    .from(aiAssistants)
    .leftJoin(aiAssistantDocuments, eq(aiAssistantDocuments.assistantId, aiAssistants.id))
    .where(assistantListWhere(query))
    .groupBy(aiAssistants.id)
    .orderBy(desc(aiAssistants.id))
    .limit(ASSISTANTS_PAGE_SIZE)
    .offset((query.page - 1) * ASSISTANTS_PAGE_SIZE);
}

export async function listAssistants(query: AssistantListQuery): Promise<PageOf<AssistantRow>> {
  const found = await assistantsPageQuery(getDb(), query);
  return pageOf(found, query.page, ASSISTANTS_PAGE_SIZE, countOf(aiAssistants, assistantListWhere(query)));
}

export async function getAssistant(id: number): Promise<Assistant | null> {
  const [row] = await getDb()
    .select({ id: aiAssistants.id, name: aiAssistants.assistantName, restricted: aiAssistants.restricted })
    .from(aiAssistants)
    .where(eq(aiAssistants.id, id))
    .limit(1);
  return row ?? null;
}

export async function countDocuments(assistantId: number) {
  const [row] = await getDb().select({ n: count() }).from(aiAssistantDocuments).where(eq(aiAssistantDocuments.assistantId, assistantId));
  return row?.n ?? 0;
}

const documentColumns = {
  id: aiAssistantDocuments.id,
  documentId: aiAssistantDocuments.documentId,
  sku: aiAssistantDocuments.sku,
  nameDocument: aiAssistantDocuments.nameDocument,
  fileId: aiAssistantDocuments.fileId,
};

export async function listDocuments(assistantId: number, page: number): Promise<PageOf<AssistantDocumentRow>> {
  const found = await getDb()
    .select({ ...documentColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(aiAssistantDocuments)
    .where(eq(aiAssistantDocuments.assistantId, assistantId))
    .orderBy(desc(aiAssistantDocuments.id))
    .limit(DOCUMENTS_PAGE_SIZE)
    .offset((page - 1) * DOCUMENTS_PAGE_SIZE);
  const total = found[0]?.total ?? (page > 1 ? await countDocuments(assistantId) : 0);
  return { rows: found.map(({ total: _t, ...row }) => row), total, page, pageSize: DOCUMENTS_PAGE_SIZE };
}

export async function getAssistantDocument(assistantId: number, id: number): Promise<AssistantDocumentRow | null> {
  const [row] = await getDb()
    .select(documentColumns)
    .from(aiAssistantDocuments)
    .where(and(eq(aiAssistantDocuments.assistantId, assistantId), eq(aiAssistantDocuments.id, id)))
    .limit(1);
  return row ?? null;
}

async function nameTaken(name: string) {
  const [row] = await getDb()
    .select({ id: aiAssistants.id })
    .from(aiAssistants)
    .where(sql`lower(${aiAssistants.assistantName}) = ${name.toLowerCase()}`)
    .limit(1);
  return !!row;
}

async function documentNameTaken(assistantId: number, name: string) {
  const [row] = await getDb()
    .select({ id: aiAssistantDocuments.id })
    .from(aiAssistantDocuments)
    .where(and(eq(aiAssistantDocuments.assistantId, assistantId), sql`lower(${aiAssistantDocuments.nameDocument}) = ${name.toLowerCase()}`))
    .limit(1);
  return !!row;
}

// ---------------------------------------------------------------------------------------------------
// Commands. The AI service is always called before the transaction that records its result: the
// embedded database has one connection and a call inside a transaction would hold it.

/**
 * Why a command refused (app/modules/results.ts): the user's to fix (invalid), a document already
 * there (conflict), or the AI service failing (integration). The route turns it into a status.
 */
export type AssistantRefusalReason = Extract<Reason, "invalid" | "conflict" | "integration" | "unavailable">;

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal; reason: AssistantRefusalReason };

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === "object" && (e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The AI service's refusal as the dialog shows it; a refusal is the user's to fix, the rest the service's failure. */
function aiRefusal(error: unknown, title: string): { refusal: Refusal; reason: AssistantRefusalReason } {
  if (!isIntegrationError(error)) throw error;
  return { refusal: { title, message: error.message }, reason: error.kind === "rejected" ? "invalid" : "integration" };
}

/** Whether the AI service no longer knows the thing being deleted (then deleting here is what is left). */
function alreadyGone(error: unknown) {
  return isIntegrationError(error) && error.kind === "rejected" && error.status === 404;
}

export async function createAssistant(name: string, actor: Actor): Promise<Outcome<{ id: number }> | { ok: false; taken: true }> {
  if (await nameTaken(name)) return { ok: false, taken: true };
  try {
    await getIntegrations().ai.createAssistant(name);
  } catch (error) {
    return { ok: false, ...aiRefusal(error, NAME_TEXTS.title) };
  }
  try {
    const id = await getDb().transaction(async (tx) => {
      const [created] = await tx.insert(aiAssistants).values({ assistantName: name }).returning({ id: aiAssistants.id });
      await audit(
        {
          message: `Asistente creado: ${name}`,
          type: "create",
          tags: TAGS,
          identifier: created.id,
          userId: actor.id,
          detail: { assistantName: name },
        },
        tx,
      );
      return created.id;
    });
    return { ok: true, value: { id } };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, taken: true };
    throw error;
  }
}

export type DocumentSource = { kind: "upload"; file: StoredPdf } | { kind: "library"; file: { fileId: string; name: string; url: string } };

/** Indexes a sheet in the AI service, then records it; a refusal leaves nothing in the app's tables. */
export async function addDocument(
  assistant: Assistant,
  source: DocumentSource,
  sku: string,
  actor: Actor,
): Promise<Outcome<{ id: number }>> {
  const undo = () => (source.kind === "upload" ? discardPdf(source.file.fileId) : Promise.resolve());
  const documentId = crypto.randomUUID();
  const ai = getIntegrations().ai;
  try {
    await ai.addDocument({ assistant: assistant.name, documentId, file: { url: source.file.url, name: source.file.name }, productId: sku });
  } catch (error) {
    await undo();
    const failed = aiRefusal(error, DOCUMENT_ERRORS.aiFailed.title);
    if (failed.refusal.message.startsWith(DOCUMENT_ERRORS.exists.title)) failed.refusal.title = DOCUMENT_ERRORS.exists.title;
    return { ok: false, ...failed };
  }
  try {
    const id = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(aiAssistantDocuments)
        .values({ assistantId: assistant.id, documentId, sku, nameDocument: source.file.name, fileId: source.file.fileId })
        .returning({ id: aiAssistantDocuments.id });
      await audit(
        {
          message: `Documento agregado al asistente ${assistant.name}: ${source.file.name}`,
          type: "create",
          tags: [...TAGS, "documents"],
          identifier: assistant.id,
          userId: actor.id,
          detail: { documentId, sku, nameDocument: source.file.name, fileId: source.file.fileId, origin: source.kind },
        },
        tx,
      );
      return row.id;
    });
    return { ok: true, value: { id } };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone saved the same name meanwhile: take it back out of the AI service too.
    await ai.deleteDocument({ assistant: assistant.name, documentId }).catch(() => undefined);
    await undo();
    return {
      ok: false,
      refusal: { title: DOCUMENT_ERRORS.exists.title, message: `${DOCUMENT_ERRORS.exists.title}: ${source.file.name}.` },
      reason: "conflict",
    };
  }
}

export async function deleteDocument(assistant: Assistant, document: AssistantDocumentRow, actor: Actor): Promise<Outcome<null>> {
  try {
    await getIntegrations().ai.deleteDocument({ assistant: assistant.name, documentId: document.documentId });
  } catch (error) {
    if (!alreadyGone(error)) return { ok: false, ...aiRefusal(error, "No se pudo eliminar el documento") };
  }
  await getDb().transaction(async (tx) => {
    await tx.delete(aiAssistantDocuments).where(eq(aiAssistantDocuments.id, document.id));
    await audit(
      {
        message: `Documento eliminado del asistente ${assistant.name}: ${document.nameDocument}`,
        type: "delete",
        tags: [...TAGS, "documents"],
        identifier: assistant.id,
        userId: actor.id,
        detail: document,
      },
      tx,
    );
  });
  return { ok: true, value: null };
}

export async function deleteAssistant(assistant: Assistant, actor: Actor): Promise<Outcome<null>> {
  try {
    await getIntegrations().ai.deleteAssistant(assistant.name);
  } catch (error) {
    if (!alreadyGone(error)) return { ok: false, ...aiRefusal(error, "No se pudo eliminar el asistente") };
  }
  await getDb().transaction(async (tx) => {
    const documents = await tx.select(documentColumns).from(aiAssistantDocuments).where(eq(aiAssistantDocuments.assistantId, assistant.id));
    await tx.delete(aiAssistants).where(eq(aiAssistants.id, assistant.id));
    await audit(
      {
        message: `Asistente eliminado: ${assistant.name}`,
        type: "delete",
        tags: TAGS,
        identifier: assistant.id,
        userId: actor.id,
        detail: { ...assistant, documents },
      },
      tx,
    );
  });
  return { ok: true, value: null };
}

/** One chat turn: an assistant without documents answers so without asking the service. */
export async function chatTurn(
  assistant: Assistant,
  conversation: Conversation,
  question: string,
  now = new Date(),
): Promise<Conversation> {
  const at = now.toISOString();
  const asked: ChatTurn = { from: "user", text: question, at };
  if ((await countDocuments(assistant.id)) === 0) {
    return appendTurns(conversation, [asked, { from: "assistant", text: CHAT_TEXTS.noDocuments, at }]);
  }
  try {
    const answer = await getIntegrations().ai.askWithSummary({
      assistant: assistant.name,
      message: question,
      summary: conversation.summary || null,
    });
    return appendTurns(conversation, [asked, { from: "assistant", text: answer.response, at: new Date().toISOString() }], answer.summary);
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return appendTurns(conversation, [asked, { from: "assistant", text: CHAT_TEXTS.failure, at: new Date().toISOString(), error: true }]);
  }
}

// ---------------------------------------------------------------------------------------------------
// What the routes ask

/** The assistant a URL names; a malformed id is as missing as an unknown one. */
export async function assistantOf(rawId: string | undefined): Promise<Assistant | null> {
  const id = AssistantIdSchema.safeParse(rawId);
  return id.success ? getAssistant(id.data) : null;
}

export async function documentOf(assistant: Assistant, rawId: string | undefined): Promise<AssistantDocumentRow | null> {
  const id = AssistantIdSchema.safeParse(rawId);
  return id.success ? getAssistantDocument(assistant.id, id.data) : null;
}

/** The list with the query the dialog was opened from, without the dialog's own parameters. */
export function assistantsListUrl(search: string) {
  return `${ASSISTANTS_PATH}${listSearchOf(search)}`;
}

/** The edit dialog, keeping the list's query and the documents page. */
export function assistantDialogUrl(search: string, assistantId: number) {
  return `${ASSISTANTS_PATH}/${assistantId}${withParams(search, { sheet: undefined, fileSearch: undefined })}`;
}

/**
 * The PDFs an assistant may take: the library's data sheets and the documents uploaded to assistants
 * (this screen's own files, which every user of it may open); never a conversation's attachment.
 */
const DOCUMENT_ORIGINS: readonly string[] = [...LIBRARY_ORIGINS, ORIGIN_ASSISTANT];

export function listDocumentPdfs(search: string | undefined, limit: number) {
  return listLibraryPdfs(search, limit, DOCUMENT_ORIGINS);
}

/** What Actualizar posted: the typed SKU, a sheet picked from the library, or an uploaded file. */
export type DocumentPost = { sku: string; fileId: string; file: PostedFile };

/** Actualizar: upload or pick a sheet, give its SKU, index it in the AI service, record it. */
export async function addPostedDocument(assistant: Assistant, post: DocumentPost, actor: Actor): Promise<Outcome<{ id: number }>> {
  const refuse = (refusal: Refusal, reason: AssistantRefusalReason = "invalid") => ({ ok: false, refusal, reason }) as const;
  const { file, fileId } = post;
  if (!file && !fileId) return refuse(DOCUMENT_ERRORS.noDocument);
  const sku = SkuSchema.safeParse(post.sku);
  if (!sku.success) return refuse(DOCUMENT_ERRORS.invalidSku);
  if (!sku.data) return refuse(DOCUMENT_ERRORS.missingSku);

  let source: DocumentSource;
  if (file) {
    if ("tooBig" in file) return refuse(DOCUMENT_ERRORS.invalidPdf);
    const stored = await storePdf(file, actor.id, ORIGIN_ASSISTANT);
    if (!stored.ok) {
      if (stored.reason === "unavailable")
        return refuse({ title: FILE_TEXTS.storageDownTitle, message: STORAGE_DOWN_MESSAGE }, "unavailable");
      return stored.reason === "invalid"
        ? refuse(DOCUMENT_ERRORS.invalidPdf)
        : refuse(
            {
              title: DOCUMENT_ERRORS.exists.title,
              message: `${DOCUMENT_ERRORS.exists.title}: ${stored.name}. Elígelo de la biblioteca si es el mismo archivo.`,
            },
            "conflict",
          );
    }
    source = { kind: "upload", file: stored.file };
  } else {
    const picked = await libraryPdf(fileId, DOCUMENT_ORIGINS);
    if (!picked) return refuse(DOCUMENT_ERRORS.noDocument);
    source = { kind: "library", file: picked };
  }
  if (await documentNameTaken(assistant.id, source.file.name)) {
    if (source.kind === "upload") await discardPdf(source.file.fileId);
    return refuse({ title: DOCUMENT_ERRORS.exists.title, message: `${DOCUMENT_ERRORS.exists.title}: ${source.file.name}.` }, "conflict");
  }
  return addDocument(assistant, source, sku.data, actor);
}

/** One sheet of a document as the AI service holds it; an unreachable service is a message, not a failure. */
export async function documentSheet(assistant: Assistant, document: AssistantDocumentRow, sheet: number) {
  let pages: string[] = [];
  let error: string | null = null;
  try {
    const found = await getIntegrations().ai.getDocument({ assistant: assistant.name, documentId: document.documentId });
    pages = found?.pages ?? [];
  } catch (failure) {
    if (!isIntegrationError(failure)) throw failure;
    error = failure.message;
  }
  const total = pages.length;
  const current = total === 0 ? 1 : Math.min(sheet, total);
  return { error, page: current, pages: total, content: pages[current - 1] ?? null };
}
