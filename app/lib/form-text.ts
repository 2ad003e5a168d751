import { z } from "zod";

/**
 * A textarea counts a line break as one character against its `maxLength` but posts it as CR LF:
 * the server reads the text as the browser counted it, so a note that fitted in the box is never
 * refused for its length.
 */
export function textareaText<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess((value) => (typeof value === "string" ? value.replace(/\r\n/g, "\n") : value), schema);
}
