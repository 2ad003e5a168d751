import { z } from "zod";
import { textareaText } from "~/lib/form-text";
import { CANCEL_MANAGER_MAX, CANCEL_REASON_MAX, CANCEL_TOO_LONG, CLOSE_REASON_MAX, DENOMINATIONS, parseMoney } from "./rules";

const id = z.coerce.number().int().positive().max(2147483647);

/** The till's forms, one intent each. Bad input is a 400 with the spec's message, never a 500. */
export const TillIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), amount: z.string().max(30).default("") }),
  z.object({ intent: z.literal("scan"), query: z.string().max(200).default("") }),
  z.object({ intent: z.literal("qty"), line: id, qty: z.string().max(30).default("") }),
  z.object({ intent: z.literal("inc"), line: id }),
  z.object({ intent: z.literal("dec"), line: id }),
  z.object({ intent: z.literal("remove"), line: id }),
  z.object({
    intent: z.literal("discount"),
    discount: z.coerce.number().pipe(z.union([z.literal(2), z.literal(4), z.literal(8), z.literal(10)])),
  }),
  z.object({ intent: z.literal("end-delete") }),
  z.object({ intent: z.literal("new-code") }),
]);

export const AuthorizeWhat = z.enum(["discount-8", "discount-10", "delete", "expected"]);
export const AuthorizeForm = z.object({ code: z.string().max(50).default("") });

export const PaymentForm = z.object({
  intent: z.enum(["recompute", "pay"]),
  token: z.string().uuid(),
  session: id,
  cash_on: z.string().optional(),
  debit_on: z.string().optional(),
  credit_on: z.string().optional(),
  cash: z.string().max(30).default(""),
  debit: z.string().max(30).default(""),
  credit: z.string().max(30).default(""),
  /** Which method changed last (the one whose amount the user typed or switched). */
  changed: z.enum(["cash", "debit", "credit", ""]).default(""),
});

export const CancelForm = z.object({
  code: z.string().max(50).default(""),
  manager: z.string().trim().max(CANCEL_MANAGER_MAX, CANCEL_TOO_LONG).default(""),
  reason: textareaText(z.string().trim().max(CANCEL_REASON_MAX, CANCEL_TOO_LONG)).default(""),
});

const count = z.string().max(12).default("");
export const CloseForm = z.object({
  intent: z.enum(["check", "close"]),
  session: id,
  fund: z.string().max(30).default(""),
  debit: z.string().max(30).default(""),
  credit: z.string().max(30).default(""),
  code: z.string().max(50).default(""),
  reason: z.string().trim().max(CLOSE_REASON_MAX, `El motivo admite ${CLOSE_REASON_MAX} caracteres.`).default(""),
  ...Object.fromEntries(DENOMINATIONS.map((d) => [`d_${String(d).replace(".", "_")}`, count])),
});

export const denominationField = (d: number) => `d_${String(d).replace(".", "_")}`;

/** A count per denomination as typed; null when one is not a whole non-negative number. */
export function parseCounts(values: Record<string, unknown>): Record<string, number> | null {
  const out: Record<string, number> = {};
  for (const d of DENOMINATIONS) {
    const raw = String(values[denominationField(d)] ?? "").trim();
    if (raw === "") {
      out[String(d)] = 0;
      continue;
    }
    if (!/^\d{1,7}$/.test(raw)) return null;
    out[String(d)] = Number(raw);
  }
  return out;
}

export { parseMoney };

export function formValues(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && !(k in out)) out[k] = v;
  return out;
}
