/** The AI service's wire format. Its answers carry their own `status` (200 = fine) next to the HTTP one. */
import { z } from "zod";
import { dataOrSelf, jsonText, legacyNumber, legacyOptionalText, legacyText } from "../http/legacy-zod";
import type { ProductFeature } from "./port";

/** Every answer may say `status` and `message`; a status other than 200 is a refusal. */
export const envelopeSchema = dataOrSelf(z.object({ status: legacyNumber.optional(), message: z.unknown().optional() }).passthrough());

const featureSchema = z
  .object({ name: legacyText, value: legacyText })
  .transform((f): ProductFeature => ({ name: f.name, value: f.value }));

/** `features` is a JSON text list of {name, value}; an empty text means nothing was extracted. */
export const descriptionAnswerSchema = dataOrSelf(
  z.object({
    description: legacyText,
    features: z.union([jsonText(z.array(featureSchema)), z.array(featureSchema), z.null(), z.undefined()]).transform((f) => f ?? []),
  }),
);

/** `message` holds a JSON text list of {page_content}. */
export const documentAnswerSchema = dataOrSelf(
  z.object({
    message: z.union([jsonText(z.array(z.object({ page_content: legacyText }))), z.array(z.object({ page_content: legacyText }))]),
  }),
).transform((v) => v.message.map((p) => p.page_content));

export const askAnswerSchema = dataOrSelf(
  z
    .object({ message: legacyOptionalText.optional(), response: legacyOptionalText.optional(), answer: legacyOptionalText.optional() })
    .passthrough(),
).transform((v, ctx) => {
  const answer = v.answer ?? v.response ?? v.message;
  if (!answer) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: "respuesta sin texto" });
    return z.NEVER;
  }
  return answer;
});

export const askSummaryAnswerSchema = dataOrSelf(z.object({ response: legacyText.pipe(z.string().min(1)), summary: legacyText }));
