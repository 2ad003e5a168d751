/**
 * Entry point to the legacy systems. The app calls getIntegrations() and talks to ports; which
 * adapters sit behind them (simulator or HTTP) is configuration (INTEGRATIONS).
 */
import { getEnv, integrationCredentials, parseIntegrationModes, type Env, type IntegrationModes, type IntegrationName } from "../env";
import { createHttpContent } from "./content/http";
import { createHttpAi } from "./ai/http";
import { createHttpErp } from "./erp/http";
import { createHttpInvoicing } from "./invoicing/http";
import { brandSegmentFrom, createHttpMarketplace } from "./marketplace/http";
import { createSimulatorIntegrations } from "./simulator";
import { guardAgainstTransactions } from "./transaction-guard";
import type { Integrations } from "./types";

export type { Integrations } from "./types";
export { CallInsideTransactionError } from "./transaction-guard";
export { IntegrationError, isIntegrationError, type IntegrationErrorKind, type IntegrationSystem } from "./errors";
export type * from "./erp/port";
export type * from "./marketplace/port";
export type * from "./ai/port";
export type * from "./invoicing/port";
export type * from "./content/port";

/** Simulated time-outs wait at most this long (the real budget is INTEGRATION_TIMEOUT_MS). */
const SIM_TIMEOUT_WAIT_CAP_MS = 1500;

/** The environment as read, or with INTEGRATIONS still as text ("http", "erp=http,…"). */
export type IntegrationsEnv = Omit<Env, "INTEGRATIONS"> & { INTEGRATIONS: IntegrationModes | string };

export function createIntegrations(env: IntegrationsEnv): Integrations {
  const modes = typeof env.INTEGRATIONS === "string" ? requireModes(env.INTEGRATIONS) : env.INTEGRATIONS;
  // Every system has its simulator; the systems set to http replace theirs (INTEGRATIONS per system).
  const { runtime: _runtime, ...simulated } = createSimulatorIntegrations({
    latencyMs: env.SIM_LATENCY_MS,
    failureRate: env.SIM_FAILURE_RATE,
    timeoutWaitMs: Math.min(env.INTEGRATION_TIMEOUT_MS, SIM_TIMEOUT_WAIT_CAP_MS),
    sellerName: () => env.BRAND_NAME,
  });
  // env validation already guarantees the URL and token of every http system are present.
  const base = (system: IntegrationName) => {
    const { url, token } = integrationCredentials(env, system);
    return { baseUrl: url!, token: token!, timeoutMs: env.INTEGRATION_TIMEOUT_MS };
  };
  return {
    modes,
    erp: modes.erp === "http" ? createHttpErp({ ...base("erp"), dollarRatePath: env.ERP_DOLLAR_RATE_PATH }) : simulated.erp,
    marketplace:
      modes.marketplace === "http"
        ? createHttpMarketplace({
            ...base("marketplace"),
            brandSegment: brandSegmentFrom(env.BRAND_NAME),
            paths: {
              customerReport: env.MARKETPLACE_CUSTOMER_REPORT_PATH,
              orderSummary: env.MARKETPLACE_ORDER_SUMMARY_PATH,
              salesReport: env.MARKETPLACE_SALES_REPORT_PATH,
              sendPackage: env.MARKETPLACE_SEND_PACKAGE_PATH,
            },
          })
        : simulated.marketplace,
    ai: modes.ai === "http" ? createHttpAi(base("ai")) : simulated.ai,
    invoicing: modes.invoicing === "http" ? createHttpInvoicing(base("invoicing")) : simulated.invoicing,
    content: modes.content === "http" ? createHttpContent(base("content")) : simulated.content,
  };
}

function requireModes(value: string): IntegrationModes {
  const modes = parseIntegrationModes(value);
  if (typeof modes === "string") throw new Error(`INTEGRATIONS: ${modes}`);
  return modes;
}

// One set per process, made on first use.
let current: Integrations | undefined;

export function getIntegrations(): Integrations {
  current ??= guardAgainstTransactions(createIntegrations(getEnv()));
  return current;
}

/** For tests: install fakes or a differently configured bundle; undefined goes back to the default. */
export function setIntegrations(integrations: Integrations | undefined): void {
  current = integrations;
}
