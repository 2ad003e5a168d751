import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { ORIGIN_MESSAGE } from "~/modules/files/rules";
import { removeStored } from "~/modules/files/storage.server";
import { getDb } from "@server/db/client";
import { cannedReplies, conversations, files, messages } from "@server/db/schema";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import { isStorageUnavailable } from "@server/storage";
import type { ToastInput } from "~/lib/toast";
import type { SessionUser } from "~/modules/auth/session-user";
import { audit } from "~/modules/logs/audit.server";
import { appendText } from "~/modules/questions/rules";
import { getConversation } from "./messages.server";
import { accountOf, canReply, replyProblem } from "./rules";
import { storeAttachment, type ParsedUpload } from "./upload.server";

/** `unavailable`: the file store did not answer; nothing was sent and the text stays in the draft (a 503). */
export type CommandResult = { ok: true; toast: ToastInput } | { ok: false; notFound?: boolean; unavailable?: boolean; toast: ToastInput };

const notFound: CommandResult = { ok: false, notFound: true, toast: { title: "No encontrada", variant: "danger" } };

/** A claim outlives the slowest marketplace call; one left by a crashed request expires by itself. */
const SEND_CLAIM_MS = 2 * 60 * 1000;

/**
 * Claims the conversation for one send. Parallel submits (a double click, two tabs) find it claimed;
 * a form rendered before the last message (the same form submitted again after it was sent) finds
 * the conversation moved on. Either way the marketplace is not called twice.
 */
async function claimForSend(id: number, seenLastMessage: string | undefined): Promise<"claimed" | "busy" | "moved"> {
  const seen =
    seenLastMessage === undefined
      ? []
      : [
          seenLastMessage === ""
            ? isNull(conversations.lastMessageDate)
            : sql`date_trunc('milliseconds', ${conversations.lastMessageDate}) = ${new Date(seenLastMessage)}`,
        ];
  const claimed = await getDb()
    .update(conversations)
    .set({ sendingUntil: sql`now() + ${`${SEND_CLAIM_MS} milliseconds`}::interval` })
    .where(and(eq(conversations.id, id), or(isNull(conversations.sendingUntil), lt(conversations.sendingUntil, sql`now()`)), ...seen))
    .returning({ id: conversations.id });
  if (claimed.length === 1) return "claimed";
  const [row] = await getDb().select({ sendingUntil: conversations.sendingUntil }).from(conversations).where(eq(conversations.id, id));
  return row?.sendingUntil && row.sendingUntil > new Date() ? "busy" : "moved";
}

async function releaseSendClaim(id: number) {
  await getDb().update(conversations).set({ sendingUntil: null }).where(eq(conversations.id, id));
}

const SEND_BUSY: ToastInput = {
  title: "Mensaje no enviado",
  message: "Ya se está enviando un mensaje en esta conversación. Espera un momento y revisa el historial.",
  variant: "warning",
};
const SEND_MOVED: ToastInput = {
  title: "Mensaje no enviado",
  message:
    "La conversación cambió desde que abriste el formulario (el mensaje pudo haberse enviado ya). Revisa el historial antes de enviar de nuevo.",
  variant: "warning",
};

/** What was typed stays in the conversation's draft whenever a reply is not sent. */
async function keepDraft(id: number, text: string) {
  await getDb().update(conversations).set({ draft: text }).where(eq(conversations.id, id));
}

/**
 * Sends a reply (text, file or both). Checks first (active conversation, text or file, 25 MB), then
 * keeps the file, then the marketplace outside any transaction, then records the message, the
 * conversation's new state and the audit entry together. The file is kept before anything is sent:
 * a store that is down stops the reply before the buyer gets it, never after (a message the buyer
 * has and the history lacks). A reply that then fails removes the kept file.
 */
export async function sendReply(
  input: { conversationId: number; message: string; file: ParsedUpload; seenLastMessage?: string },
  actor: SessionUser,
): Promise<CommandResult> {
  const c = await getConversation(input.conversationId);
  if (!c) return notFound;
  const text = input.message.trim();
  if (!canReply(c.status)) {
    await keepDraft(c.id, input.message);
    return {
      ok: false,
      toast: {
        title: "Mensaje no enviado",
        message: "La conversación no está activa; no se pueden enviar mensajes ni archivos.",
        variant: "warning",
      },
    };
  }
  const file = input.file;
  const problem = replyProblem(text, file && ("tooBig" in file ? file : { name: file.name, size: file.size }));
  if (problem) {
    await keepDraft(c.id, input.message);
    return { ok: false, toast: { ...problem, variant: "warning", durationMs: 5000 } };
  }
  const upload = file && !("tooBig" in file) ? file : null;
  const claim = await claimForSend(c.id, input.seenLastMessage);
  // The losing submit leaves the draft alone: the winner clears it or keeps it on failure.
  if (claim !== "claimed") return { ok: false, toast: claim === "busy" ? SEND_BUSY : SEND_MOVED };
  let stored: Awaited<ReturnType<typeof storeAttachment>> | null = null;
  if (upload) {
    try {
      stored = await storeAttachment(upload);
    } catch (error) {
      await releaseSendClaim(c.id);
      if (!isStorageUnavailable(error)) throw error;
      await keepDraft(c.id, input.message);
      return {
        ok: false,
        unavailable: true,
        toast: { title: "Mensaje no enviado", message: error.message, variant: "danger", durationMs: 8000 },
      };
    }
  }
  const forget = () => (stored ? removeStored([stored.key]) : Promise.resolve());
  let sent: Awaited<ReturnType<ReturnType<typeof getIntegrations>["marketplace"]["sendMessage"]>>;
  try {
    sent = await getIntegrations().marketplace.sendMessage({
      account: accountOf(c.store),
      orderId: c.orderId.toString(),
      message: text,
      updatedBy: actor.id,
      clientId: accountOf(c.store) === "main" ? c.clientId : null,
      file: upload && { name: upload.name, type: upload.type, size: upload.size, path: upload.path },
    });
  } catch (error) {
    await forget();
    await releaseSendClaim(c.id);
    if (!isIntegrationError(error)) throw error;
    await keepDraft(c.id, input.message);
    await audit({
      message: `Error al enviar mensaje en la orden ${c.orderId}: ${error.message}`,
      type: "integration",
      tags: ["messages"],
      identifier: c.orderId,
      userId: actor.id,
    });
    return { ok: false, toast: { title: "Mensaje no enviado", message: error.message, variant: "danger", durationMs: 8000 } };
  }
  const sentAt = new Date(sent.sentAt);
  try {
    await getDb().transaction(async (tx) => {
      const attachments = [];
      if (stored && upload) {
        await tx.insert(files).values({
          id: stored.id,
          filenameDisk: stored.disk,
          // Download names are unique in `files`; the original name travels with the message.
          filenameDownload: `${stored.id}-${upload.name}`,
          title: upload.name,
          mimeType: upload.type,
          size: upload.size,
          origin: ORIGIN_MESSAGE,
          uploadedBy: actor.id,
        });
        attachments.push({
          filename: sent.attachment?.filename ?? upload.name,
          originalFilename: upload.name,
          size: upload.size,
          fileId: stored.id,
        });
      }
      await tx
        .insert(messages)
        .values({ conversationId: c.id, text, fromUserId: c.sellerId, fromSeller: true, messageDate: sentAt, attachments });
      await tx
        .update(conversations)
        .set({ lastMessageDate: sentAt, lastMessageFromSeller: true, draft: null, sendingUntil: null })
        .where(eq(conversations.id, c.id));
      await audit(
        {
          message: `Mensaje enviado en la orden ${c.orderId}`,
          type: "create",
          tags: ["messages"],
          identifier: c.orderId,
          userId: actor.id,
          detail: { attachment: upload?.name ?? null },
        },
        tx,
      );
    });
  } catch (error) {
    await forget();
    await releaseSendClaim(c.id);
    throw error;
  }
  return { ok: true, toast: { title: "Mensaje enviado", message: `Respuesta enviada en la orden ${c.orderId}.`, variant: "success" } };
}

/** Save the draft or insert a canned reply into it (the no-JavaScript path of the template picker). */
export async function updateDraft(
  input: { intent: "insert-template" | "save-draft"; conversationId: number; message: string; templateId?: number },
  actor: SessionUser,
): Promise<CommandResult> {
  const c = await getConversation(input.conversationId);
  if (!c) return notFound;
  let text = input.message;
  if (input.intent === "insert-template") {
    const [template] = input.templateId
      ? await getDb().select().from(cannedReplies).where(eq(cannedReplies.id, input.templateId)).limit(1)
      : [];
    if (!template) {
      await keepDraft(c.id, input.message);
      return { ok: false, toast: { title: "Plantilla", message: "Elige una plantilla para insertarla.", variant: "warning" } };
    }
    text = appendText(input.message, template.text);
  }
  await getDb().transaction(async (tx) => {
    await tx.update(conversations).set({ draft: text }).where(eq(conversations.id, c.id));
  });
  void actor;
  return { ok: true, toast: { title: "Borrador guardado", message: "El texto del mensaje se guardó.", variant: "info", durationMs: 3000 } };
}

/** Canned replies are edited in place: the fifteen keys are fixed, their name and text are not. */
export async function updateCannedReply(input: { id: number; name: string; text: string }, actor: SessionUser): Promise<CommandResult> {
  return getDb().transaction(async (tx): Promise<CommandResult> => {
    const [row] = await tx.select().from(cannedReplies).where(eq(cannedReplies.id, input.id)).limit(1);
    if (!row) return notFound;
    await tx.update(cannedReplies).set({ name: input.name, text: input.text, updatedAt: new Date() }).where(eq(cannedReplies.id, input.id));
    await audit(
      {
        message: `Plantilla "${input.name}" actualizada`,
        type: "update",
        tags: ["messages", "canned_replies"],
        identifier: row.key,
        userId: actor.id,
      },
      tx,
    );
    return { ok: true, toast: { title: "Plantilla actualizada", message: input.name, variant: "success" } };
  });
}
