import { describe, expect, it } from "vitest";
import { FeedbackSchema, feedbackRefusal } from "~/modules/feedback/feedback-form";

// The spec's warning for an empty comment (first document §5) and the limit of decision 0040, written out.
const EMPTY = "Por favor completa el campo";
const TOO_LONG = "El campo Comentario admite como máximo 1000 caracteres.";

describe("the sidebar comment form's schema", () => {
  it.each([
    ["nothing posted", undefined, EMPTY],
    ["an empty box", "", EMPTY],
    ["spaces only", "    ", EMPTY],
    ["line breaks and tabs only", "\r\n\t\r\n", EMPTY],
    ["a file instead of text", new File(["x"], "x.txt"), EMPTY],
    ["1001 characters", "a".repeat(1001), TOO_LONG],
    ["1001 characters once trimmed", ` ${"a".repeat(1001)} `, TOO_LONG],
  ])("refuses %s with its message", (_case, text, message) => {
    const result = FeedbackSchema.safeParse({ text });
    expect(result.success).toBe(false);
    expect(result.error?.flatten().fieldErrors.text).toEqual([message]);
  });

  it.each([
    ["one character", "a", "a"],
    ["its outer spaces trimmed", "  Falta el botón de imprimir  ", "Falta el botón de imprimir"],
    ["1000 characters", "b".repeat(1000), "b".repeat(1000)],
    ["CRLF line breaks as one character each", `${"c".repeat(499)}\r\n${"d".repeat(500)}`, `${"c".repeat(499)}\n${"d".repeat(500)}`],
    ["1000 characters inside spaces", `   ${"e".repeat(1000)}   `, "e".repeat(1000)],
  ])("takes %s", (_case, text, saved) => {
    expect(FeedbackSchema.parse({ text })).toEqual({ text: saved });
  });
});

describe("a refused comment's toast (spec 1 §5: 'Datos insuficientes' for an empty field)", () => {
  it.each([
    [[{ message: "Por favor completa el campo" }], "Datos insuficientes", "Por favor completa el campo"],
    [
      [{ message: "El campo Comentario admite como máximo 1000 caracteres." }],
      "Comentario demasiado largo",
      "El campo Comentario admite como máximo 1000 caracteres.",
    ],
    [[], "Datos insuficientes", "Por favor completa el campo"],
  ])("%j", (issues, title, message) => {
    expect(feedbackRefusal(issues)).toEqual({ error: message, toast: { title, message, variant: "warning" } });
  });
});
