import { z } from "zod";
import { queryDay } from "~/lib/day-range";
import { q } from "~/lib/query";

/** The spec's status_filter values; the legacy list endpoint takes no status, so it is kept in the URL only. */
export const STATUS_FILTERS = ["new", "pending", "closed", "cancelled"] as const;

export const FeedbackQuery = {
  page: q.page(),
  search: q.search(),
  start_date: queryDay(),
  /** Exclusive: the chosen end day plus one. */
  end_date: queryDay(),
  status_filter: q.oneOf([...STATUS_FILTERS]),
};
export type FeedbackQueryValue = { [K in keyof typeof FeedbackQuery]: z.output<(typeof FeedbackQuery)[K]> };

/** A sale id as the marketplace writes it. */
export const SaleIdSchema = z.string().regex(/^\d{1,19}$/);

/** At most this many extra recipients travel with a resend. */
export const RESEND_EXTRA_MAX = 20;

/**
 * The resend form: the extra recipients so far (a Conform list; the defaults never come from the
 * browser), the e-mail being typed, and the button pressed ("Agregar" checks the e-mail on the
 * server, "Enviar" sends; "Quitar" is Conform's own list button). Extras that are not valid e-mails
 * are dropped when the list is rebuilt (`rebuildRecipients`), never refused: the list shown is what
 * goes out.
 */
export const ResendForm = z.object({
  intent: z.enum(["add", "send"]),
  recipients: z.array(z.string().trim().max(254)).max(RESEND_EXTRA_MAX).default([]),
  email: z.string().trim().max(254).default(""),
});

/** The e-mail box: the spec answers a wrong one ("Por favor, ingresa un correo válido.", "El correo eletrónico ya se ingresó."). */
export const RESEND_SPEC_MESSAGES = { email: "invalid" } as const;
