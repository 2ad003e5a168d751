import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";

/**
 * Conform's parse of a posted form. A list button posts its change as JSON (`__intent__`); a
 * hand-made or broken one makes Conform throw, which must be a refused request (400), not a 500:
 * this answers null for it.
 */
export function parseSubmission<Schema extends ZodTypeAny>(formData: FormData, schema: Schema) {
  try {
    return parseWithZod(formData, { schema });
  } catch {
    return null;
  }
}
