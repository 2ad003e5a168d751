import { describe, expect, it } from "vitest";
import { createWorkLimit } from "../../server/shop-api/work-limit";

/** server/shop-api/work-limit.ts: a few shop requests at the database at once, the rest in turn or shed. */
const later = () => {
  let done!: () => void;
  const promise = new Promise<void>((r) => (done = r));
  return { promise, done };
};

describe("the shop API's turns at the database", () => {
  it("runs at most `concurrency` at once, the others in arrival order, and sheds past the queue", async () => {
    const limit = createWorkLimit(2, 2);
    const order: number[] = [];
    const gates = [later(), later(), later(), later()];
    const runs = gates.map((g, i) => limit.run(async () => (order.push(i), await g.promise, i)));
    await Promise.resolve();
    expect(order).toEqual([0, 1]);
    expect(limit.load()).toEqual({ running: 2, waiting: 2 });
    expect(await limit.run(async () => "never")).toEqual({ ok: false });
    gates[1].done();
    await runs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([0, 1, 2]);
    for (const g of gates) g.done();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3].map((value) => ({ ok: true, value })));
    expect(limit.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("gives the turn back when the work fails", async () => {
    const limit = createWorkLimit(1, 0);
    await expect(limit.run(async () => Promise.reject(new Error("caída")))).rejects.toThrow("caída");
    expect(await limit.run(async () => "after")).toEqual({ ok: true, value: "after" });
    expect(limit.load()).toEqual({ running: 0, waiting: 0 });
  });
});
