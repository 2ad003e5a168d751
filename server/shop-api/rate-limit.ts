/**
 * Requests per client address in fixed one-minute windows, in memory (the shop API keeps no state
 * in the database: a restart forgets the counts, which only ever lets a client in sooner).
 */
export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export function createRateLimiter(limit: number, windowMs = 60_000) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = 0;
  return function take(address: string, now = Date.now()): RateDecision {
    if (now - lastSweep >= windowMs) {
      for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key);
      lastSweep = now;
    }
    let w = windows.get(address);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      windows.set(address, w);
    }
    if (w.count >= limit) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) };
    w.count += 1;
    return { allowed: true, remaining: limit - w.count };
  };
}
