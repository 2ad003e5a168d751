import { z } from "zod";
import { RESEND_EXTRA_MAX } from "./schemas";

/*
 * The resend dialog's form, apart from the list's schemas: the browser fetches it only to check the
 * fields (app/lib/lazy-validation.ts); the loader sends its native constraints.
 */

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
