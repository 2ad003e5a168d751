/**
 * Failed sign-ins slow down the next attempt, counted three ways:
 * - pair (account from one address): a few free tries, then a wait that doubles with every further
 *   failure. Someone guessing a colleague's password from their own machine only slows that pair;
 * - account (from every address together): a looser limit against guessing from many machines;
 * - ip (one address trying many accounts): a loose limit, since an office shares one address.
 * Counts are forgotten 15 minutes after the last failure, and a wait never exceeds 15 minutes, so no
 * number of wrong passwords locks an account for good.
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const FIRST_WAIT_MS = 30 * 1000;
const MAX_WAIT_MS = 15 * 60 * 1000;

export const THROTTLE_FREE_FAILURES = { pair: 5, account: 20, ip: 50 } as const;
export type ThrottleKind = keyof typeof THROTTLE_FREE_FAILURES;

export function throttleKeys(email: string, ip: string): Record<ThrottleKind, string> {
  const account = email.trim().toLowerCase();
  return { pair: `pair:${account}|${ip}`, account: `account:${account}`, ip: `ip:${ip}` };
}

/** Milliseconds to wait before the next attempt after `failures` failures, the last one at `last`. */
export function throttleWaitMs(kind: ThrottleKind, failures: number, last: Date, now: Date): number {
  const since = now.getTime() - last.getTime();
  if (since >= THROTTLE_WINDOW_MS) return 0;
  const over = failures - THROTTLE_FREE_FAILURES[kind];
  if (over < 0) return 0;
  const wait = Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(over, 20));
  return Math.max(0, wait - since);
}

export function waitMessage(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60000));
  return `Demasiados intentos fallidos. Intenta de nuevo en ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}
