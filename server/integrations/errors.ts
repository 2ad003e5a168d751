/**
 * The one error every adapter (HTTP or simulator) throws when a legacy system could not do what was
 * asked. Routes show `message` in a toast as is, so it is Spanish and free of technical detail; the
 * rest is for logs and for deciding whether to retry.
 */

export type IntegrationSystem = "erp" | "marketplace" | "ai" | "invoicing" | "content";

/**
 * - timeout: no answer within INTEGRATION_TIMEOUT_MS.
 * - network: could not reach the system (DNS, refused connection, missing local dependency).
 * - http: the system answered with an error status (5xx, 401/403…).
 * - invalid_response: the answer could not be read (not JSON, or not the expected shape).
 * - rejected: the system understood the request and refused it (business rule on its side).
 */
export type IntegrationErrorKind = "timeout" | "network" | "http" | "invalid_response" | "rejected";

export const SYSTEM_NAMES: Record<IntegrationSystem, string> = {
  erp: "Intelisis",
  marketplace: "Mercado Libre",
  ai: "el servicio de IA",
  invoicing: "el servicio de facturación",
  content: "el back end de contenido",
};

// A registered symbol: the Vite-bundled app and the tsx server load separate copies of this module,
// so `instanceof` can fail across them while the brand survives.
const BRAND = Symbol.for("backoffice.IntegrationError");

export type IntegrationErrorInit = {
  system: IntegrationSystem;
  call: string;
  kind: IntegrationErrorKind;
  status?: number;
  /** Spanish, toast-ready. Defaults to a generic sentence for the kind. */
  message?: string;
  /** Technical detail for logs (never shown to users). */
  detail?: string;
  cause?: unknown;
};

export class IntegrationError extends Error {
  readonly system: IntegrationSystem;
  readonly call: string;
  readonly kind: IntegrationErrorKind;
  readonly status?: number;
  readonly detail?: string;
  readonly [BRAND] = true;

  constructor(init: IntegrationErrorInit) {
    super(init.message ?? defaultMessage(init.system, init.kind, init.status), { cause: init.cause });
    this.name = "IntegrationError";
    this.system = init.system;
    this.call = init.call;
    this.kind = init.kind;
    this.status = init.status;
    this.detail = init.detail;
  }

  /** Worth offering "intenta de nuevo": the system may answer differently in a moment. */
  get retryable(): boolean {
    return this.kind === "timeout" || this.kind === "network" || (this.kind === "http" && (this.status ?? 500) >= 500);
  }
}

export function isIntegrationError(error: unknown): error is IntegrationError {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

export function defaultMessage(system: IntegrationSystem, kind: IntegrationErrorKind, status?: number): string {
  const name = SYSTEM_NAMES[system];
  const Name = name.charAt(0).toUpperCase() + name.slice(1);
  switch (kind) {
    case "timeout":
      return `${Name} no respondió a tiempo. Intenta de nuevo en unos minutos.`;
    case "network":
      return `No fue posible conectar con ${name}. Intenta de nuevo más tarde.`;
    case "http":
      if (status === 401 || status === 403) return `${Name} rechazó las credenciales configuradas. Avisa a soporte.`;
      return `${Name} respondió con un error${status ? ` (${status})` : ""}. Intenta de nuevo más tarde.`;
    case "invalid_response":
      return `${Name} envió una respuesta que no se pudo interpretar. Avisa a soporte.`;
    case "rejected":
      return `${Name} rechazó la operación.`;
  }
}
