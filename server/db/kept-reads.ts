/**
 * Reads kept in this process on the embedded database, and forgotten when a write announces itself.
 *
 * The embedded database belongs to one process, so every write to it passes here. Statement triggers
 * announce each write on a channel (migrations 0041 and 0042, payload: the table written). PGlite runs
 * the listener while it reads the writer's COMMIT, before the writer goes on, so a kept value is
 * forgotten as the write becomes visible. A kept read then costs no statement of the one thread that
 * also renders every page. PostgreSQL (several processes, writes from anywhere) reads each time.
 */
import { getDatabase, type Database } from "./client";

type State = { listening: boolean; values: Map<string, unknown>; generation: number };

export type KeptReads<V> = {
  /** The value kept under `key`, or `load()`'s, kept when no write was announced while it ran. */
  read: (key: string, load: () => Promise<V>) => Promise<V>;
};

/**
 * @param channel the channel the triggers announce on.
 * @param tables the tables whose writes make these values stale (all of the channel's when left out).
 * @param limit at most this many values are kept: past it, all are forgotten and kept again as read.
 */
export function keptReads<V>({
  channel,
  tables,
  limit = 10_000,
}: {
  channel: string;
  tables?: readonly string[];
  limit?: number;
}): KeptReads<V> {
  const byDatabase = new WeakMap<Database, State>();

  function stateOf(database: Database): State | null {
    const client = database.pglite;
    if (database.kind !== "pglite" || !client) return null;
    let state = byDatabase.get(database);
    if (!state) {
      const created: State = { listening: false, values: new Map(), generation: 0 };
      const forget = () => {
        created.values.clear();
        created.generation += 1;
      };
      byDatabase.set(database, created);
      state = created;
      // Until LISTEN has run nothing is kept: an announcement before it would be missed.
      client
        .listen(channel, (table) => {
          if (!tables || tables.includes(table)) forget();
        })
        .then(() => {
          forget();
          created.listening = true;
        })
        .catch(() => {
          created.listening = false;
        });
    }
    return state.listening ? state : null;
  }

  return {
    async read(key, load) {
      const state = stateOf(getDatabase());
      if (!state) return load();
      if (state.values.has(key)) return state.values.get(key) as V;
      const generation = state.generation;
      const value = await load();
      // Kept only if no write was announced while the statement ran (what it read may be older).
      if (state.generation === generation) {
        if (state.values.size >= limit) state.values.clear();
        state.values.set(key, value);
      }
      return value;
    },
  };
}
