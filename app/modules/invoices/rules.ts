import type { BadgeVariant } from "~/components/Badge";

/**
 * Invoice feedback rules (spec 2 §4 'Invoice feedback', §5 'Invoice e-mail resend', §8 error_info
 * mapping, §9 tax-code tables). Pure: list, dialog and tests share them.
 */

export const FEEDBACK_PAGE_SIZE = 10;
export const SUCCESSFUL = "SUCCESSFUL";
export const NO_DATA = "Sin datos";

export type FeedbackStatus = { label: "Finalizada" | "Pendiente"; variant: BadgeVariant };

/** SUCCESSFUL shows Finalizada (green); anything else Pendiente (red). */
export function feedbackStatus(errorInfo: string | null | undefined): FeedbackStatus {
  return (errorInfo ?? "").trim() === SUCCESSFUL ? { label: "Finalizada", variant: "success" } : { label: "Pendiente", variant: "danger" };
}

/** The error_info texts the invoicing service returns, read by substring, first match wins. */
const ERROR_MESSAGES: ReadonlyArray<readonly [needle: string, message: string]> = [
  ["CFDI40148", "Los datos no coinciden."],
  ["CFDI40145", "Los datos no coinciden."],
  ["CFDI40149", "Los datos no coinciden."],
  ["CFDI40161", "Datos no válidos."],
  ["CFDI40143", "El RFC no está registrado en el SAT."],
  ["CFDI40106", "El certificado no está firmado por el SAT."],
  ["CFDI40999", "Datos incompletos."],
  ["El sello del emisor es inválido", "Los datos no son válidos."],
  ["El certificado no está autorizado por el SAT", "Certificado no autorizado."],
  ["No se puede resolver el nombre remoto", "Ha ocurrido un error."],
  ["No es posible conectar con el servidor remoto", "Ha ocurrido un error interno."],
];

/** The XML without the receiver's Rfc attribute: the service reports the missing attribute by name. */
const MISSING_RFC = /(atributo|attribute)[^\n]*['"«]?Rfc['"»]?|['"«]Rfc['"»][^\n]*(requerido|required|falta|missing)/i;

/** What a pending invoice's error_info means for staff; null for a successful one. */
export function feedbackErrorMessage(errorInfo: string | null | undefined): string | null {
  const text = (errorInfo ?? "").trim();
  if (text === SUCCESSFUL) return null;
  for (const [needle, message] of ERROR_MESSAGES) if (text.includes(needle)) return message;
  if (MISSING_RFC.test(text)) return "XML incorrecto.";
  return "Error desconocido.";
}

/** The latest answer of the invoicing service decides whether the invoice can be sent again. */
export function firstFeedbackSuccessful(record: { errorInfo: string; feedbacks: Array<{ errorInfo: string }> }): boolean {
  return (record.feedbacks[0]?.errorInfo ?? record.errorInfo).trim() === SUCCESSFUL;
}

// ------------------------------------------------------------------ tax codes (SAT catalogues)

export const CFDI_USES: Readonly<Record<string, string>> = {
  G01: "Adquisición de mercancías",
  G03: "Gastos en general",
  I01: "Construcciones",
  I08: "Otra maquinaria y equipo",
  S01: "Sin efectos fiscales",
};

export const PAYMENT_FORMS: Readonly<Record<string, string>> = {
  "01": "Efectivo",
  "02": "Cheque nominativo",
  "03": "Transferencia electrónica de fondos",
  "04": "Tarjeta de crédito",
  "28": "Tarjeta de débito",
  "31": "Intermediario pagos",
};

export const PAYMENT_METHODS: Readonly<Record<string, string>> = {
  PUE: "Pago en una sola exhibición",
};

export const TAX_REGIMES: Readonly<Record<string, string>> = {
  "601": "General de Ley Personas Morales",
  "603": "Personas Morales con Fines no Lucrativos",
  "612": "Personas Físicas con Actividades Empresariales y Profesionales",
  "616": "Sin obligaciones fiscales",
  "621": "Incorporación Fiscal",
  "622": "Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras",
  "625": "Actividades Empresariales con ingresos a través de Plataformas Tecnológicas",
  "626": "Régimen Simplificado de Confianza",
};

export type CodeReading = { code: string; text: string; known: boolean };

/** "G03 · Gastos en general", or "Checar G99" for a code the catalogue does not know, or "Sin datos". */
export function readCode(table: Readonly<Record<string, string>>, raw: string | null | undefined): CodeReading {
  const code = (raw ?? "").trim().toUpperCase();
  if (!code) return { code, text: NO_DATA, known: false };
  const label = table[code];
  return label ? { code, text: `${code} · ${label}`, known: true } : { code, text: `Checar ${code}`, known: false };
}

/** A plain tax-data value, or "Sin datos" when missing. */
export function orNoData(value: string | null | undefined): string {
  const text = (value ?? "").trim();
  return text ? text : NO_DATA;
}

// ------------------------------------------------------------------ resend recipients

export type Recipient = { email: string; isDefault: boolean; role: "cliente" | "interno" | "adicional" };

export const RESEND_TEXTS = {
  invalidTitle: "Correo inválido",
  invalid: "Por favor, ingresa un correo válido.",
  duplicateTitle: "Correo existente",
  duplicate: "El correo eletrónico ya se ingresó.",
  sent: "Documentos reenviados correctamente",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim()) && value.trim().length <= 254;
}

/** The customer's e-mail from the invoice data and the internal mailbox: always sent, never removable. */
export function defaultRecipients(customerEmail: string | null | undefined, internalEmail: string | null | undefined): Recipient[] {
  const list: Recipient[] = [];
  const customer = (customerEmail ?? "").trim().toLowerCase();
  const internal = (internalEmail ?? "").trim().toLowerCase();
  if (customer && isEmail(customer)) list.push({ email: customer, isDefault: true, role: "cliente" });
  if (internal && isEmail(internal) && internal !== customer) list.push({ email: internal, isDefault: true, role: "interno" });
  return list;
}

export type AddResult = { ok: true; list: Recipient[] } | { ok: false; title: string; message: string };

/** Adds an extra recipient: a valid format and not already in the list (case-insensitive). */
export function addRecipient(list: Recipient[], raw: string): AddResult {
  const email = raw.trim().toLowerCase();
  if (!isEmail(email)) return { ok: false, title: RESEND_TEXTS.invalidTitle, message: RESEND_TEXTS.invalid };
  if (list.some((r) => r.email === email)) return { ok: false, title: RESEND_TEXTS.duplicateTitle, message: RESEND_TEXTS.duplicate };
  return { ok: true, list: [...list, { email, isDefault: false, role: "adicional" }] };
}

/**
 * The list a resend form stands for: the fixed defaults (never taken from the browser) plus the valid
 * extras its hidden inputs carried, in order; invalid or repeated extras are dropped.
 */
export function rebuildRecipients(defaults: Recipient[], extras: string[]): Recipient[] {
  let list = defaults;
  for (const extra of extras) {
    const added = addRecipient(list, extra);
    if (added.ok) list = added.list;
  }
  return list;
}

/** The service answers in text; "Lo sentimos" marks a refusal, shown as a warning. */
export function resendRefused(answer: string): boolean {
  return /lo sentimos/i.test(answer);
}
