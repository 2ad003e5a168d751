import type { ZodType, ZodTypeDef } from "zod";

/**
 * A form's posted `intent`, checked against the buttons the form has. A post without one is a
 * Conform list button (insert, remove, reorder post only `__intent__`) and reads as `listChange`;
 * a value no button of the form posts, or no intent at all without a list change, is null: the
 * route answers it 400 ("Acción desconocida."), never as if some other button had been pressed.
 */
export function readFormIntent<T>(schema: ZodType<T, ZodTypeDef, unknown>, formData: FormData, listChange: T): T | null {
  const raw = formData.get("intent");
  if (raw === null) return formData.has("__intent__") ? listChange : null;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
