/**
 * Zod building blocks for the legacy answers. The old back end is loose (numbers as strings, the
 * payload sometimes wrapped in `data`, blanks as null), so the leniency lives here, once, and the
 * ports only ever see clean camelCase values.
 */
import { z } from "zod";

/** A number the legacy system may send as a number or as numeric text ("2.000"). */
export const legacyNumber = z.union([
  z.number().finite(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, "número inválido")
    .transform(Number),
]);

/** Text that may come as null/undefined/number; normalised to a trimmed string ("" when missing). */
export const legacyText = z
  .union([z.string(), z.number(), z.null(), z.undefined()])
  .transform((v) => (v === null || v === undefined ? "" : String(v).trim()));

/** Optional text: null when missing or blank. */
export const legacyOptionalText = legacyText.transform((v) => (v === "" ? null : v));

export const legacyBoolean = z.union([
  z.boolean(),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
]);

/**
 * Accepts `{ data: X }` or plain `X`: the custom endpoints answer either way depending on their age.
 * The wrapped form is tried first so an `X` that itself has a `data` key is not misread.
 */
export function dataOrSelf<T extends z.ZodTypeAny>(schema: T) {
  return z.union([z.object({ data: schema }).transform((v) => v.data as z.output<T>), schema]);
}

/** Items endpoints (content back end) always wrap lists and records in `data`. */
export function itemsData<T extends z.ZodTypeAny>(schema: T) {
  return z.object({ data: schema }).transform((v) => v.data as z.output<T>);
}

/** Text holding JSON (the AI service returns lists as JSON strings). Invalid JSON fails the parse. */
export function jsonText<T extends z.ZodTypeAny>(schema: T) {
  return z.string().transform((text, ctx) => {
    if (text.trim() === "") return schema.parse([]) as z.output<T>;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "JSON inválido dentro del texto" });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue(issue);
      return z.NEVER;
    }
    return parsed.data as z.output<T>;
  });
}

/** Anything: for calls whose answer carries nothing we use (an acknowledgement). */
export const acknowledgement = z.unknown().transform(() => undefined);
