/**
 * Inputs that make the simulator fail on purpose, so anyone can see each failure path from the UI
 * without configuration (listed in docs/integrations.md).
 */
import type { IntegrationSystem } from "../errors";
import type { InjectedFailure } from "./runtime";

type MagicInput = { system: IntegrationSystem; call: string; key: string; failure: InjectedFailure; what: string };

/** Exact inputs of specific calls. */
export const MAGIC_INPUTS: MagicInput[] = [
  { system: "erp", call: "validateMovement", key: "9999", failure: { kind: "timeout" }, what: "Intelisis no responde a tiempo" },
  {
    system: "erp",
    call: "validateMovement",
    key: "9998",
    failure: { kind: "http", status: 500 },
    what: "Intelisis responde con error 500",
  },
  { system: "erp", call: "validateMovement", key: "9997", failure: { kind: "invalid_response" }, what: "Intelisis responde algo ilegible" },
  { system: "erp", call: "validateCreditNote", key: "NC9999", failure: { kind: "timeout" }, what: "Intelisis no responde a tiempo" },
  { system: "erp", call: "syncSku", key: "SIM-FALLA", failure: { kind: "http", status: 500 }, what: "la sincronización falla" },
  { system: "erp", call: "getClient", key: "SIMFALLA", failure: { kind: "network" }, what: "no hay conexión con Intelisis" },
  { system: "erp", call: "searchClients", key: "SIMFALLA", failure: { kind: "network" }, what: "no hay conexión con Intelisis" },
];

/**
 * Tokens recognised inside any free text a call carries (an answer, a message, a title, a question
 * to an assistant): type "#sim-timeout" in an answer to watch the answer fail by time-out.
 */
export const MAGIC_TOKENS: Array<{ token: string; failure: InjectedFailure }> = [
  { token: "#sim-timeout", failure: { kind: "timeout" } },
  { token: "#sim-red", failure: { kind: "network" } },
  { token: "#sim-error", failure: { kind: "http", status: 500 } },
  { token: "#sim-invalida", failure: { kind: "invalid_response" } },
  { token: "#sim-rechazo", failure: { kind: "rejected", message: "La operación fue rechazada por el sistema (falla simulada)." } },
];

export function magicFailure(system: IntegrationSystem, call: string, keys: string[]): InjectedFailure | null {
  for (const key of keys) {
    const normalized = key.trim().toUpperCase();
    const exact = MAGIC_INPUTS.find((m) => m.system === system && m.call === call && m.key === normalized);
    if (exact) return exact.failure;
    const lower = key.toLowerCase();
    const token = MAGIC_TOKENS.find((t) => lower.includes(t.token));
    if (token) return token.failure;
  }
  return null;
}
