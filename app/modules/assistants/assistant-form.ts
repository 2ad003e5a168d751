import { z } from "zod";
import { ASSISTANT_NAME_MAX, NAME_TEXTS, assistantNameProblems } from "./rules";

/*
 * The new-assistant form, apart from the screen's rules: the browser fetches it only when the dialog
 * checks its field (app/lib/lazy-validation.ts), so the page loads no Zod to draw the form.
 */

export const AssistantCreateSchema = z.object({
  assistantName: z
    .string({ required_error: NAME_TEXTS.short })
    // The length is a check of its own so the box's maxLength comes from here.
    .max(ASSISTANT_NAME_MAX, NAME_TEXTS.long)
    .superRefine((value, ctx) => {
      for (const message of assistantNameProblems(value)) if (message !== NAME_TEXTS.long) ctx.addIssue({ code: "custom", message });
    }),
});
export type AssistantCreateInput = z.output<typeof AssistantCreateSchema>;
