/**
 * At start-up, each system served over HTTP is asked whether it answers and accepts its token; the
 * result is kept in settings (key integration_checks) for the Sincronización screen, whichever
 * instance made it. A failed check is reported, never fatal: the app still starts, and the screens
 * that need the system say so when used.
 */
import type { Database } from "../db/client";
import { INTEGRATION_NAMES, integrationCredentials, type Env, type IntegrationName } from "../env";
import { defaultMessage, isIntegrationError, SYSTEM_NAMES } from "./errors";
import type { Integrations } from "./types";

export type IntegrationCheck = {
  system: IntegrationName;
  mode: "simulator" | "http";
  ok: boolean;
  /** Spanish, for the screen. */
  message: string;
  checkedAt: string;
  ms: number | null;
};

export const INTEGRATION_CHECKS_KEY = "integration_checks";

/**
 * The content back end answers users/me; the other systems have no call without side effects, so
 * their base URL is asked with the token: any answer but 401/403 means reachable and accepted.
 */
async function checkOne(integrations: Integrations, env: Env, system: IntegrationName, fetchImpl: typeof fetch): Promise<IntegrationCheck> {
  const mode = integrations.modes[system];
  const checkedAt = new Date().toISOString();
  if (mode === "simulator") return { system, mode, ok: true, message: "Simulador", checkedAt, ms: null };
  const started = performance.now();
  const name = SYSTEM_NAMES[system];
  try {
    if (system === "content") {
      await integrations.content.check();
    } else {
      const { url, token } = integrationCredentials(env, system);
      const response = await fetchImpl(url!, {
        headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
        signal: AbortSignal.timeout(Math.min(env.INTEGRATION_TIMEOUT_MS, 5_000)),
      });
      await response.body?.cancel();
      if (response.status === 401 || response.status === 403) {
        return {
          system,
          mode,
          ok: false,
          message: defaultMessage(system, "http", response.status),
          checkedAt,
          ms: Math.round(performance.now() - started),
        };
      }
    }
    return {
      system,
      mode,
      ok: true,
      message: `${name.charAt(0).toUpperCase()}${name.slice(1)} responde`,
      checkedAt,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    const message = isIntegrationError(error)
      ? error.message
      : (error as { name?: string })?.name === "TimeoutError"
        ? defaultMessage(system, "timeout")
        : defaultMessage(system, "network");
    return { system, mode, ok: false, message, checkedAt, ms: Math.round(performance.now() - started) };
  }
}

export async function checkIntegrations(
  database: Database,
  integrations: Integrations,
  env: Env,
  fetchImpl: typeof fetch = fetch,
): Promise<IntegrationCheck[]> {
  const checks = await Promise.all(INTEGRATION_NAMES.map((system) => checkOne(integrations, env, system, fetchImpl)));
  await database.query(
    `insert into settings (key, value, updated_at) values ($1, $2::jsonb, now())
     on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
    [INTEGRATION_CHECKS_KEY, JSON.stringify(checks)],
  );
  return checks;
}
