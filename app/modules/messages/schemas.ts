import { z } from "zod";
import { queryDay } from "~/lib/day-range";
import { textareaText } from "~/lib/form-text";
import { keysOf, q } from "~/lib/query";
import { MESSAGE_MAX } from "./rules";
import {
  ASSIGNED_FILTERS,
  CLAIM_RETURN_FILTERS,
  DAY_FILTERS,
  LOGISTIC_FILTERS,
  MESSAGE_SORTS,
  MESSAGE_STATUS_FILTERS,
  ORDER_STATUS_FILTERS,
  SECTIONS,
  SHIPMENT_STATUS_FILTERS,
} from "./filter-options";

export * from "./filter-options";

/** Every query parameter of the spec's Messages screen; a bad value falls back, the valid ones stay. */
export const MessagesQuery = {
  section: z.enum(SECTIONS).catch("pending").default("pending"),
  page: q.page(),
  search: q.search(),
  sortName: q.oneOf([...MESSAGE_SORTS]),
  sortValue: q.sortValue(),
  filterLogisticType: q.oneOf(keysOf(LOGISTIC_FILTERS)),
  filterStatus: q.oneOf(keysOf(ORDER_STATUS_FILTERS)),
  message_status_filter: q.oneOf(keysOf(MESSAGE_STATUS_FILTERS)),
  shipment_status_filter: q.oneOf(keysOf(SHIPMENT_STATUS_FILTERS)),
  claim_return_status_filter: q.oneOf(keysOf(CLAIM_RETURN_FILTERS)),
  day_filter: q.oneOf(keysOf(DAY_FILTERS)),
  assigned_move_filter: q.oneOf(keysOf(ASSIGNED_FILTERS)),
  start_date: queryDay(),
  /** Exclusive: the chosen end day plus one. */
  end_date: queryDay(),
};
export type MessagesQueryValue = { [K in keyof typeof MessagesQuery]: z.output<(typeof MessagesQuery)[K]> };

/** Template ids are the database's 32-bit integers: a larger one names no template (never a database error). */
const PG_INTEGER_MAX = 2147483647;

export const ConversationIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ReplyFields = z.object({
  intent: z.enum(["reply", "insert-template", "save-draft"]),
  conversationId: ConversationIdSchema,
  // A draft may grow past a reply's length (a template appended); the reply's own limit is ReplyBox's.
  message: textareaText(z.string().max(MESSAGE_MAX * 4))
    .optional()
    .default(""),
  templateId: z.coerce.number().int().positive().max(PG_INTEGER_MAX).optional().catch(undefined),
  /** The conversation's last message date when the form was rendered ("" = none yet): a resubmitted form is refused. */
  seenLastMessage: z
    .union([z.literal(""), z.string().datetime()])
    .optional()
    .catch(undefined),
});

/**
 * The reply box as the marketplace takes it: the source of its native constraints. `replyProblem`
 * applies the same limit when sending, with the spec's warning, and keeps the text as the draft.
 * An empty box is the spec's to answer ("No se ha ingresado mensaje o archivo.", a file may go alone).
 */
export const ReplyBox = z.object({
  message: textareaText(z.string().trim().max(MESSAGE_MAX, `El mensaje no puede exceder ${MESSAGE_MAX} caracteres.`)).default(""),
});

export const CannedReplySchema = z.object({
  id: z.coerce.number().int().positive().max(PG_INTEGER_MAX),
  name: z.string({ required_error: "Escribe un nombre." }).trim().min(1, "Escribe un nombre.").max(80, "Máximo 80 caracteres."),
  text: textareaText(
    z
      .string({ required_error: "Escribe el texto." })
      .trim()
      .min(1, "Escribe el texto.")
      .max(MESSAGE_MAX, `Máximo ${MESSAGE_MAX} caracteres.`),
  ),
});
