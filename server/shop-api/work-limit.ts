/**
 * At most `concurrency` shop requests at the database at once; the others wait their turn here, in
 * arrival order, and past `queueMax` waiting the request is refused (the router answers 503 with
 * Retry-After). The staff's requests share the database with the shop's: with the embedded database
 * every statement waits for the ones before it, so an unbounded crowd of anonymous requests would
 * put seconds in front of every staff page. Bounded here, a staff statement waits for a few shop
 * statements at most, and a burst of shop traffic queues (or is shed) on its own side.
 */
export type WorkLimit = {
  /** `work` when a slot is free (now or after those before it); null when too many wait already. */
  run<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }>;
  /** Requests at the database and waiting (for tests and logs). */
  load(): { running: number; waiting: number };
};

export function createWorkLimit(concurrency: number, queueMax: number): WorkLimit {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(work) {
      if (running >= concurrency) {
        if (waiting.length >= queueMax) return { ok: false };
        // The slot is handed over by the one that leaves (`running` stays the same).
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return { ok: true, value: await work() };
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
