import { z } from "zod";
import { intentObject } from "./posted-intent";

type IntentOption = z.ZodDiscriminatedUnionOption<"type">;

/**
 * The schema of a form's `intent` buttons that are not list-shape changes: the posted word or JSON
 * object (see `intentObject`) read as one of `options` by its `type`; anything else, or nothing,
 * reads as `fallback` (the button a plain Enter stands for).
 */
export function buttonIntentSchema<Options extends [IntentOption, ...IntentOption[]]>(
  options: Options,
  fallback: z.output<z.ZodDiscriminatedUnion<"type", Options>>,
) {
  return z.preprocess(intentObject, z.discriminatedUnion("type", options)).catch(fallback);
}
