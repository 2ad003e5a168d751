import { data } from "react-router";
import { getDb, type Tx } from "@server/db/client";
import type { ToastInput } from "~/lib/toast";
import { statusOf } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { audit, type AuditEntry } from "~/modules/logs/audit.server";
import type { Reason } from "~/modules/results";

/**
 * The one save path (docs/decisions/0026): lock the row, compare the version the form carried,
 * write, audit, in one transaction; and one way to turn the result into an answer.
 */

export type FieldErrors = Partial<Record<string, string[]>>;

/**
 * Why a save was refused, in the shared vocabulary (app/modules/results.ts): "invalid" is a business
 * rule (the form is wrong, 400 with the form again), "missing" the record is gone, "conflict" the
 * form was opened on an older version, "integration" a legacy system that refused or did not answer
 * before the transaction opened.
 */
export type SaveReason = Extract<Reason, "invalid" | "missing" | "conflict" | "integration">;
export type SaveRefusal = { ok: false; reason: SaveReason; message: string; fieldErrors?: FieldErrors };
export type SaveResult<T> = { ok: true; value: T } | SaveRefusal;

/** A refusal from inside the write; `audit` is an entry that must stay although the write is undone. */
export type Refusal = SaveRefusal & { audit?: AuditEntry };
export type Written<T> = { value: T; audit: AuditEntry | null };

export function refuse(reason: SaveReason, message: string, fieldErrors?: FieldErrors, auditEntry?: AuditEntry): Refusal {
  return { ok: false, reason, message, ...(fieldErrors ? { fieldErrors } : {}), ...(auditEntry ? { audit: auditEntry } : {}) };
}

export function isRefusal<T>(outcome: Written<T> | Refusal): outcome is Refusal {
  return "ok" in outcome && outcome.ok === false;
}

/** Thrown inside the transaction so that everything written before the refusal is undone. */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/** The version as the forms carry it: updated_at as an ISO string, or an integer version column. */
export function versionOf(row: { updatedAt: Date } | { version: number }): string {
  return "version" in row ? String(row.version) : row.updatedAt.toISOString();
}

export type VersionedSave<Row, T> = {
  /**
   * Reads and locks the row (`select … for update`); null when it is not there. Absent on creation,
   * when there is no row to lock or compare.
   */
  lock?: (tx: Tx) => Promise<Row | null>;
  /** The version the form was opened with. */
  expected?: string;
  /** Defaults to the row's updated_at (or version column), see versionOf. */
  version?: (row: Row) => string;
  messages: { notFound: string; stale: string };
  /** Runs first, e.g. an advisory lock that serialises a check across rows (names, movement numbers). */
  before?: (tx: Tx) => Promise<void>;
  /** Checks the rules and writes; returns the value and its audit entry, or a refusal (rolled back). */
  write: (tx: Tx, row: Row | null) => Promise<Written<T> | Refusal>;
};

/**
 * One transaction: optional advisory lock → row lock → version check → write → audit entry. A stale
 * or missing row writes nothing; a refusal from `write` rolls back what it wrote, and only its own
 * audit entry (if any) is kept, written after the rollback.
 */
export async function saveVersioned<Row, T>(spec: VersionedSave<Row, T>): Promise<SaveResult<T>> {
  try {
    return await getDb().transaction(async (tx) => {
      await spec.before?.(tx);
      let row: Row | null = null;
      if (spec.lock) {
        row = await spec.lock(tx);
        if (!row) return { ok: false as const, reason: "missing" as const, message: spec.messages.notFound };
        const current = spec.version ? spec.version(row) : versionOf(row as unknown as { updatedAt: Date });
        if (current !== spec.expected) return { ok: false as const, reason: "conflict" as const, message: spec.messages.stale };
      }
      const outcome = await spec.write(tx, row);
      if (isRefusal(outcome)) throw new Refused(outcome);
      if (outcome.audit) await audit(outcome.audit, tx);
      return { ok: true as const, value: outcome.value };
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const { audit: entry, ...refusal } = error.refusal;
    if (entry) await audit(entry);
    return refusal;
  }
}

// ---------------------------------------------------------------------------------------------------
// The answer

/**
 * The one mapping from a save to its answer, used by every route that saves a form: saved → redirect
 * with a flash toast; not found → a thrown 404 (the dialog's error boundary says so, JavaScript on or
 * off); refused → the form's own data again (what was typed, the errors, the message shown in the
 * page, never a flash cookie a single-fetch answer would not show) with its reason's status
 * (`statusOf`: 400, 409 or 502).
 */
export async function answerSave<T, D>(
  result: SaveResult<T>,
  on: {
    saved: (value: T) => { to: string; toast: ToastInput } | Promise<{ to: string; toast: ToastInput }>;
    refused: (refusal: SaveRefusal) => D;
    /**
     * Where a stale save sends the user instead (the record's own URL): the dialog is drawn again
     * from the stored record, with its new version, and a warning says why. Kept in the form, the
     * old version would refuse every later save too.
     */
    reloadOnConflict?: (refusal: SaveRefusal) => { to: string; toast: ToastInput };
  },
) {
  if (result.ok) {
    const saved = await on.saved(result.value);
    return redirectWithToast(saved.to, saved.toast);
  }
  if (result.reason === "missing") throw new Response(result.message, { status: statusOf(result) });
  if (result.reason === "conflict" && on.reloadOnConflict) {
    const reload = on.reloadOnConflict(result);
    return redirectWithToast(reload.to, reload.toast);
  }
  return data(on.refused(result), { status: statusOf(result) });
}

/** A refusal's field errors as Conform's `submission.reply({ fieldErrors })` takes them. */
export function replyErrors(refusal: SaveRefusal): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, errors] of Object.entries(refusal.fieldErrors ?? {})) if (errors?.length) fieldErrors[name] = errors;
  return { formErrors: [refusal.message], fieldErrors };
}
