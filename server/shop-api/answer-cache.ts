/**
 * The shop API's answers kept by their ETag, which is the version of everything the answer reads
 * (app/modules/shop-api/versions.server.ts: the tables' versions, bumped in the writers' own
 * transactions, the dollar rate, the clock's part, the endpoint and its query). An edit changes the
 * version, so the next request misses and builds the answer again: nothing here ever answers with
 * what an edit replaced. A kept answer saves its statements, its schema check, its JSON and its gzip:
 * the shop's repeated requests (the same pages for every visitor) cost the version statement only.
 *
 * Per database handle (tests open many databases in one process, whose versions start alike) and
 * bounded (entries and bytes, least recently used first out). Two requests for an answer not yet kept
 * share one build.
 */
import zlib from "node:zlib";

export type KeptAnswer = { text: string; lastModified: Date; gzip?: Buffer };

type Entry = { answer: Promise<KeptAnswer | null>; bytes: number };

export function createAnswerCache(limits: { entries: number; bytes: number } = { entries: 2000, bytes: 48 * 1024 * 1024 }) {
  const perDatabase = new WeakMap<object, { entries: Map<string, Entry>; bytes: number }>();

  function storeOf(database: object) {
    let store = perDatabase.get(database);
    if (!store) perDatabase.set(database, (store = { entries: new Map(), bytes: 0 }));
    return store;
  }

  function evict(store: { entries: Map<string, Entry>; bytes: number }) {
    for (const [key, entry] of store.entries) {
      if (store.entries.size <= limits.entries && store.bytes <= limits.bytes) break;
      store.entries.delete(key);
      store.bytes -= entry.bytes;
    }
  }

  return {
    /**
     * The answer tagged `etag`, built by `build` when it is not kept (null: nothing to keep, e.g. a
     * detail that does not exist — never kept, so it is asked again).
     */
    async get(database: object, etag: string, build: () => Promise<KeptAnswer | null>): Promise<KeptAnswer | null> {
      const store = storeOf(database);
      const kept = store.entries.get(etag);
      if (kept) {
        // Most recently used last: the first entries of the map are the next to go.
        store.entries.delete(etag);
        store.entries.set(etag, kept);
        return kept.answer;
      }
      const entry: Entry = { answer: build(), bytes: 0 };
      store.entries.set(etag, entry);
      try {
        const answer = await entry.answer;
        if (!answer) {
          if (store.entries.get(etag) === entry) store.entries.delete(etag);
          return null;
        }
        if (store.entries.get(etag) === entry) {
          entry.bytes = Buffer.byteLength(answer.text) * 2;
          store.bytes += entry.bytes;
          evict(store);
        }
        return answer;
      } catch (error) {
        if (store.entries.get(etag) === entry) store.entries.delete(etag);
        throw error;
      }
    },
    /** The answer's gzip, made once and kept with it. */
    gzipOf(answer: KeptAnswer): Buffer {
      return (answer.gzip ??= zlib.gzipSync(answer.text, { level: 6 }));
    },
  };
}
