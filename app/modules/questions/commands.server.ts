import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, type Db } from "@server/db/client";
import { fastAnswers, questions } from "@server/db/schema";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import type { ToastInput } from "~/lib/toast";
import { audit } from "~/modules/logs/audit.server";
import { enqueueOutbound } from "~/modules/sync/outbox.server";
import type { SessionUser } from "~/modules/auth/session-user";
import { forgetResponseTimes, getQuestion, type QuestionSummary } from "./questions.server";
import { ANSWERED_STATUS, DELETED_STATUS, PENDING_STATUS, accountOf, appendText, canAnswer, isPending, needsRating } from "./rules";

export type CommandResult =
  { ok: true; toast: ToastInput } | { ok: false; notFound?: boolean; toast?: ToastInput; fieldErrors?: Record<string, string[]> };

const notFound = { ok: false, notFound: true } as const;

function integrationToast(error: unknown, title: string): ToastInput {
  if (isIntegrationError(error)) return { title, message: error.message, variant: "danger", durationMs: 8000 };
  throw error;
}

const NOT_PENDING: ToastInput = {
  title: "Pregunta no pendiente",
  message: "La pregunta ya fue respondida o eliminada.",
  variant: "warning",
};

/** A claim outlives the slowest marketplace call; one left by a crashed request expires by itself. */
const ANSWER_CLAIM_MS = 2 * 60 * 1000;

async function claimForAnswer(id: number) {
  const claimed = await getDb()
    .update(questions)
    .set({ answeringUntil: sql`now() + ${`${ANSWER_CLAIM_MS} milliseconds`}::interval` })
    .where(
      and(
        eq(questions.id, id),
        eq(questions.status, PENDING_STATUS),
        or(isNull(questions.answeringUntil), lt(questions.answeringUntil, sql`now()`)),
      ),
    )
    .returning({ id: questions.id });
  return claimed.length === 1;
}

async function releaseClaim(id: number) {
  await getDb().update(questions).set({ answeringUntil: null }).where(eq(questions.id, id));
}

/** Keeps what was typed, so a failed send never loses it (outside any transaction: it is one row). */
async function keepDraft(id: number, text: string) {
  await getDb().update(questions).set({ draft: text, updatedAt: new Date() }).where(eq(questions.id, id));
}

/**
 * Answers on the marketplace first (never inside a transaction), then records the answer, the rating
 * of the suggestion and the audit entry together.
 */
export async function answerQuestion(
  input: { questionId: number; answer: string; evaluation?: number },
  actor: SessionUser,
): Promise<CommandResult> {
  const q = await getQuestion(input.questionId);
  if (!q) return notFound;
  if (!isPending(q)) {
    return { ok: false, toast: NOT_PENDING };
  }
  if (!canAnswer(q)) {
    await keepDraft(q.id, input.answer);
    return {
      ok: false,
      toast: {
        title: "Publicación inactiva",
        message: "La publicación no está activa y la pregunta no tiene sugerencia: no se puede responder.",
        variant: "warning",
      },
    };
  }
  if (needsRating(q, input.evaluation)) {
    return { ok: false, fieldErrors: { evaluation: ["Califica la sugerencia antes de enviar la respuesta."] } };
  }
  // Only one request may carry the answer to the marketplace: the claim is a conditional update, so
  // parallel submissions (a double click, two tabs, two users) find it taken and stop here.
  if (!(await claimForAnswer(q.id))) {
    return { ok: false, toast: NOT_PENDING };
  }
  let answeredAt: Date;
  try {
    const result = await getIntegrations().marketplace.answerQuestion({
      account: accountOf(q.store),
      questionId: q.id,
      message: input.answer,
      updatedBy: actor.id,
    });
    answeredAt = new Date(result.answeredAt);
  } catch (error) {
    await releaseClaim(q.id);
    const toast = integrationToast(error, "Respuesta no enviada");
    await keepDraft(q.id, input.answer);
    await audit({
      message: `Error al responder la pregunta ${q.id}: ${toast.message}`,
      type: "integration",
      tags: ["questions"],
      identifier: q.id,
      userId: actor.id,
    });
    return { ok: false, toast };
  }
  const evaluation = q.suggestion ? (input.evaluation ?? null) : null;
  const recorded = await getDb().transaction(async (tx) => {
    const updated = await tx
      .update(questions)
      .set({
        status: ANSWERED_STATUS,
        answer: input.answer,
        answeredAt,
        draft: null,
        evaluation,
        answeringUntil: null,
        updatedBy: actor.id,
        updatedAt: new Date(),
      })
      .where(and(eq(questions.id, q.id), eq(questions.status, PENDING_STATUS)))
      .returning({ id: questions.id });
    if (!updated.length) return false;
    // The rating of the suggestion: PATCH items/questions/{id} (evaluation) after commit (docs/live-data.md).
    if (evaluation != null) {
      await enqueueOutbound(tx, {
        method: "PATCH",
        collection: "questions",
        recordId: String(q.id),
        body: { evaluation },
        summary: `Pregunta ${q.id}: calificación de la sugerencia (${evaluation})`,
        userId: actor.id,
      });
    }
    await audit(
      {
        message: `Pregunta ${q.id} respondida`,
        type: "update",
        tags: ["questions"],
        identifier: q.id,
        userId: actor.id,
        detail: { evaluation, account: accountOf(q.store) },
      },
      tx,
    );
    return true;
  });
  if (!recorded) return { ok: false, toast: NOT_PENDING };
  forgetResponseTimes();
  return {
    ok: true,
    toast: { title: "Respuesta enviada", message: `Se respondió la pregunta de ${q.clientNickname}.`, variant: "success" },
  };
}

/** Save draft, use the suggestion or insert a fast answer: the text lands in questions.draft. */
export async function updateDraft(
  input: { intent: "save-draft" | "use-suggestion" | "insert-fast-answer"; questionId: number; answer: string; fastAnswerId?: number },
  actor: SessionUser,
): Promise<CommandResult> {
  const q = await getQuestion(input.questionId);
  if (!q) return notFound;
  let text = input.answer;
  if (input.intent === "use-suggestion") text = q.suggestion ?? input.answer;
  if (input.intent === "insert-fast-answer") {
    const [fast] = input.fastAnswerId
      ? await getDb().select().from(fastAnswers).where(eq(fastAnswers.id, input.fastAnswerId)).limit(1)
      : [];
    if (!fast) {
      await keepDraft(q.id, input.answer);
      return {
        ok: false,
        toast: { title: "Respuesta rápida", message: "Elige una respuesta rápida para insertarla.", variant: "warning" },
      };
    }
    text = appendText(input.answer, fast.text);
  }
  await getDb().transaction(async (tx) => {
    await tx.update(questions).set({ draft: text, updatedAt: new Date(), updatedBy: actor.id }).where(eq(questions.id, q.id));
  });
  return {
    ok: true,
    toast: { title: "Borrador guardado", message: "El texto de la respuesta se guardó.", variant: "info", durationMs: 3000 },
  };
}

/** Block the buyer (Admin, Developer, question_moderation): the marketplace first, then the audit entry. */
export async function blockBuyer(questionId: number, actor: SessionUser): Promise<CommandResult> {
  const q = await getQuestion(questionId);
  if (!q) return notFound;
  try {
    await getIntegrations().marketplace.blockUser({ account: accountOf(q.store), questionId: q.id, clientId: q.clientId });
  } catch (error) {
    return { ok: false, toast: integrationToast(error, "Comprador no bloqueado") };
  }
  await getDb().transaction(async (tx) => {
    await tx.update(questions).set({ updatedAt: new Date(), updatedBy: actor.id }).where(eq(questions.id, q.id));
    await audit(
      {
        message: `Comprador ${q.clientNickname} (${q.clientId}) bloqueado desde la pregunta ${q.id}`,
        type: "update",
        tags: ["questions", "block"],
        identifier: q.id,
        userId: actor.id,
      },
      tx,
    );
  });
  return {
    ok: true,
    toast: { title: "Comprador bloqueado", message: `${q.clientNickname} ya no podrá preguntar ni comprar.`, variant: "success" },
  };
}

/** Delete the question on the marketplace, then mark it deleted here (it leaves the pending list). */
export async function deleteQuestion(questionId: number, actor: SessionUser): Promise<CommandResult> {
  const q = await getQuestion(questionId);
  if (!q) return notFound;
  try {
    await getIntegrations().marketplace.deleteQuestion({ account: accountOf(q.store), questionId: q.id });
  } catch (error) {
    return { ok: false, toast: integrationToast(error, "Pregunta no eliminada") };
  }
  await getDb().transaction(async (tx) => {
    await tx.update(questions).set({ status: DELETED_STATUS, updatedAt: new Date(), updatedBy: actor.id }).where(eq(questions.id, q.id));
    await audit(
      {
        message: `Pregunta ${q.id} eliminada`,
        type: "delete",
        tags: ["questions"],
        identifier: q.id,
        userId: actor.id,
        detail: { message: q.message },
      },
      tx,
    );
  });
  return {
    ok: true,
    toast: { title: "Pregunta eliminada", message: `Se eliminó la pregunta de ${q.clientNickname}.`, variant: "success" },
  };
}

export type { QuestionSummary };

// ------------------------------------------------------------------ fast answers

/** The fast answers, by name (every /questions load reads them). */
export function fastAnswersQuery(db: Pick<Db, "select">) {
  return db
    .select({ id: fastAnswers.id, name: fastAnswers.name, text: fastAnswers.text })
    .from(fastAnswers)
    .orderBy(sql`lower(${fastAnswers.name})`, fastAnswers.id);
}

export async function listFastAnswers() {
  return fastAnswersQuery(getDb());
}

export async function saveFastAnswer(
  input:
    | { intent: "create"; name: string; text: string }
    | { intent: "update"; id: number; name: string; text: string }
    | { intent: "delete"; id: number },
  actor: SessionUser,
): Promise<CommandResult> {
  return getDb().transaction(async (tx): Promise<CommandResult> => {
    if (input.intent === "create") {
      const [row] = await tx
        .insert(fastAnswers)
        .values({ name: input.name, text: input.text, createdBy: actor.id })
        .returning({ id: fastAnswers.id });
      await audit(
        {
          message: `Respuesta rápida "${input.name}" creada`,
          type: "create",
          tags: ["questions", "fast_answers"],
          identifier: row.id,
          userId: actor.id,
        },
        tx,
      );
      return { ok: true, toast: { title: "Respuesta rápida creada", message: input.name, variant: "success" } };
    }
    const [existing] = await tx.select().from(fastAnswers).where(eq(fastAnswers.id, input.id)).limit(1);
    if (!existing) return notFound;
    if (input.intent === "delete") {
      await tx.delete(fastAnswers).where(eq(fastAnswers.id, input.id));
      await audit(
        {
          message: `Respuesta rápida "${existing.name}" eliminada`,
          type: "delete",
          tags: ["questions", "fast_answers"],
          identifier: input.id,
          userId: actor.id,
        },
        tx,
      );
      return { ok: true, toast: { title: "Respuesta rápida eliminada", message: existing.name, variant: "success" } };
    }
    await tx.update(fastAnswers).set({ name: input.name, text: input.text, updatedAt: new Date() }).where(eq(fastAnswers.id, input.id));
    await audit(
      {
        message: `Respuesta rápida "${input.name}" actualizada`,
        type: "update",
        tags: ["questions", "fast_answers"],
        identifier: input.id,
        userId: actor.id,
      },
      tx,
    );
    return { ok: true, toast: { title: "Respuesta rápida actualizada", message: input.name, variant: "success" } };
  });
}
