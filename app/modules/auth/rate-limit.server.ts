/**
 * Sliding-window counter of failed sign-ins per IP and per e-mail, kept in memory: one process serves
 * the office, and a restart forgetting the window is acceptable.
 */
const WINDOW_MS = 15 * 60 * 1000;
export const MAX_PER_EMAIL = 5;
export const MAX_PER_IP = 20;

const failures = new Map<string, number[]>();

function recent(key: string, now: number) {
  const list = (failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
  if (list.length) failures.set(key, list);
  else failures.delete(key);
  return list;
}

/** Minutes to wait, or 0 when another attempt is allowed. */
export function loginBlockedFor(ip: string, email: string, now = Date.now()): number {
  const byEmail = recent(`e:${email.toLowerCase()}`, now);
  const byIp = recent(`i:${ip}`, now);
  const blocked = (byEmail.length >= MAX_PER_EMAIL && byEmail) || (byIp.length >= MAX_PER_IP && byIp);
  if (!blocked) return 0;
  return Math.max(1, Math.ceil((blocked[0] + WINDOW_MS - now) / 60000));
}

export function recordLoginFailure(ip: string, email: string, now = Date.now()) {
  for (const key of [`e:${email.toLowerCase()}`, `i:${ip}`]) {
    failures.set(key, [...recent(key, now), now]);
  }
}

export function clearLoginFailures(email: string) {
  failures.delete(`e:${email.toLowerCase()}`);
}

export function resetRateLimits() {
  failures.clear();
}
