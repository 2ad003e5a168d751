import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { createAnswerCache, type KeptAnswer } from "../../server/shop-api/answer-cache";

/** server/shop-api/answer-cache.ts: answers kept by their tag, per database, bounded, built once. */
const answer = (text: string): KeptAnswer => ({ text, lastModified: new Date(0) });

describe("the shop API's kept answers", () => {
  it("builds an answer once per tag, and once for two requests at the same time", async () => {
    const cache = createAnswerCache();
    const db = {};
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 5));
      return answer("a");
    };
    const [a, b] = await Promise.all([cache.get(db, "t1", build), cache.get(db, "t1", build)]);
    expect(a?.text).toBe("a");
    expect(b).toBe(a);
    await cache.get(db, "t1", build);
    expect(builds).toBe(1);
    await cache.get(db, "t2", build);
    expect(builds).toBe(2);
  });

  it("keeps each database's answers apart (their versions start alike)", async () => {
    const cache = createAnswerCache();
    await cache.get({ name: "one" }, "t", async () => answer("one"));
    expect((await cache.get({ name: "two" }, "t", async () => answer("two")))?.text).toBe("two");
  });

  it("keeps no missing answer and no failure: the next request builds again", async () => {
    const cache = createAnswerCache();
    const db = {};
    expect(await cache.get(db, "t", async () => null)).toBeNull();
    expect((await cache.get(db, "t", async () => answer("now")))?.text).toBe("now");
    await expect(cache.get(db, "u", async () => Promise.reject(new Error("caída")))).rejects.toThrow("caída");
    expect((await cache.get(db, "u", async () => answer("again")))?.text).toBe("again");
  });

  it("lets the least recently used go past its bounds (entries, bytes)", async () => {
    const cache = createAnswerCache({ entries: 2, bytes: 1_000_000 });
    const db = {};
    let builds = 0;
    const build = (text: string) => async () => (builds++, answer(text));
    await cache.get(db, "a", build("a"));
    await cache.get(db, "b", build("b"));
    await cache.get(db, "a", build("a")); // a used last: b goes first
    await cache.get(db, "c", build("c"));
    expect(builds).toBe(3);
    await cache.get(db, "a", build("a"));
    expect(builds).toBe(3);
    await cache.get(db, "b", build("b"));
    expect(builds).toBe(4);
    const small = createAnswerCache({ entries: 100, bytes: 10 });
    await small.get(db, "big", build("x".repeat(100)));
    await small.get(db, "big", build("x".repeat(100)));
    expect(builds).toBe(6);
  });

  it("gzips an answer once, to what it says", () => {
    const cache = createAnswerCache();
    const kept = answer(JSON.stringify({ data: "á".repeat(2000) }));
    const gzip = cache.gzipOf(kept);
    expect(cache.gzipOf(kept)).toBe(gzip);
    expect(zlib.gunzipSync(gzip).toString("utf8")).toBe(kept.text);
  });
});
