import { describe, expect, it } from "vitest";
import {
  durationText,
  feedStates,
  isFedScreen,
  isLate,
  lagText,
  lateFeeds,
  lateOn,
  stampText,
  type FeedStateLike,
} from "~/modules/sync/feed-view";

const NOW = new Date("2026-11-29T18:00:00Z");
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const row = (extra: Partial<FeedStateLike> = {}): FeedStateLike => ({
  status: "ok",
  paused: false,
  lastRunAt: ago(1),
  lastSuccessAt: ago(1),
  cursorAt: ago(1),
  upstreamLatestAt: ago(1),
  ...extra,
});

describe("a feed's badges", () => {
  it.each([
    [null, ["never"]],
    [row(), ["ok"]],
    [row({ status: "error" }), ["error"]],
    [row({ status: "stopped" }), ["stopped"]],
    [row({ status: "waiting" }), ["waiting"]],
    [row({ paused: true }), ["paused"]],
    [row({ status: "error", paused: true }), ["error", "paused"]],
    [row({ status: "something-new" }), ["ok"]],
    // A row with only the cursor an import or the demo's seed left: it has not run yet.
    [row({ lastRunAt: null, lastSuccessAt: null }), ["never"]],
    [row({ lastRunAt: null, lastSuccessAt: null, paused: true }), ["never", "paused"]],
  ] as const)("%j → %j", (state, expected) => {
    expect(feedStates(state)).toEqual(expected);
  });
});

describe("durations and lag", () => {
  it.each([
    [0, "menos de 1 min"],
    [59_999, "menos de 1 min"],
    [60_000, "1 min"],
    [12 * 60_000 + 59_000, "12 min"],
    [60 * 60_000, "1 h"],
    [47 * 3_600_000, "47 h"],
    [48 * 3_600_000, "2 días"],
    [Number.NaN, "menos de 1 min"],
  ])("%d ms → %s", (ms, text) => {
    expect(durationText(ms)).toBe(text);
  });

  it.each([
    [null, "—"],
    [{ cursorAt: ago(5), upstreamLatestAt: null }, "—"],
    [{ cursorAt: null, upstreamLatestAt: ago(5) }, "sin datos aún"],
    [{ cursorAt: ago(1), upstreamLatestAt: ago(1) }, "al día"],
    [{ cursorAt: ago(1.5), upstreamLatestAt: ago(1) }, "al día"],
    [{ cursorAt: ago(4), upstreamLatestAt: ago(1) }, "3 min"],
    [{ cursorAt: ago(130), upstreamLatestAt: ago(1) }, "2 h"],
    // Ahead of upstream: its status (waiting) says so.
    [{ cursorAt: ago(1), upstreamLatestAt: ago(100) }, "al día"],
  ] as const)("%j → %s", (state, text) => {
    expect(lagText(state)).toBe(text);
  });

  it("writes a stamp as YYYY/MM/DD HH:mm in Mexico City", () => {
    expect(stampText(new Date("2026-03-04T18:05:00Z"))).toBe("2026/03/04 12:05");
    expect(stampText(new Date("2026-07-01T05:30:00Z"))).toBe("2026/06/30 23:30");
    expect(stampText(null)).toBe("");
  });
});

describe("when a feed is late (interval 60 s: three intervals are 3 min)", () => {
  it.each([
    ["never ran (no row)", null, 60_000, false],
    ["a row that never ran", row({ lastRunAt: null, lastSuccessAt: null }), 60_000, false],
    ["succeeded a minute ago", row(), 60_000, false],
    ["succeeded exactly 3 min ago", row({ lastSuccessAt: ago(3) }), 60_000, false],
    ["succeeded 3 min 1 s ago", row({ lastSuccessAt: new Date(ago(3).getTime() - 1000) }), 60_000, true],
    ["failing, last success 12 min ago", row({ status: "error", lastSuccessAt: ago(12) }), 60_000, true],
    ["paused, last success 2 h ago", row({ paused: true, lastSuccessAt: ago(120) }), 60_000, true],
    ["ran, never succeeded", row({ status: "error", lastSuccessAt: null }), 60_000, true],
    ["stopped a moment after a success", row({ status: "stopped" }), 60_000, true],
    ["waiting", row({ status: "waiting" }), 60_000, true],
    ["schedules off, old success", row({ lastSuccessAt: ago(600) }), 0, false],
    ["schedules off, never succeeded", row({ status: "error", lastSuccessAt: null }), 0, false],
    ["schedules off, stopped", row({ status: "stopped", lastSuccessAt: ago(600) }), 0, true],
    ["interval 10 min, 25 min old", row({ lastSuccessAt: ago(25) }), 600_000, false],
    ["interval 10 min, 31 min old", row({ lastSuccessAt: ago(31) }), 600_000, true],
  ] as const)("%s → %s", (_what, state, interval, late) => {
    expect(isLate(state, interval, NOW)).toBe(late);
  });

  it("says how old the data is, on the screens the feed fills", () => {
    const late = lateFeeds(
      [
        { name: "orders-main", ...row({ lastSuccessAt: ago(12) }) },
        { name: "orders-brand", ...row() },
        { name: "erp-articles", ...row({ status: "waiting", lastSuccessAt: ago(60 * 30) }) },
        { name: "questions", ...row({ status: "stopped", lastSuccessAt: null }) },
        { name: "unknown-feed", ...row({ status: "stopped" }) },
      ],
      60_000,
      NOW,
    );
    expect(late.map((l) => l.sentence)).toEqual([
      "Los datos de Pedidos (Meli 1) no se actualizan desde hace 12 min.",
      "Los datos de Preguntas no se han podido actualizar (el origen rechazó el acceso).",
      "Los datos de Artículos de Intelisis no se actualizan desde hace 30 h (la sincronización espera a un administrador).",
    ]);
    expect(lateOn(late, "/orders/2000123?page=2").map((l) => l.name)).toEqual(["orders-main"]);
    expect(lateOn(late, "/products").map((l) => l.name)).toEqual(["erp-articles"]);
    expect(lateOn(late, "/web-inventory/new").map((l) => l.name)).toEqual(["erp-articles"]);
    expect(lateOn(late, "/ordersx")).toEqual([]);
    expect(lateOn(late, "/sync")).toEqual([]);
  });

  it.each([
    ["/orders", true],
    ["/orders/123/label", true],
    ["/questions", true],
    ["/messages/templates", true],
    ["/publications", true],
    ["/web-inventory", true],
    ["/products/quotes", true],
    ["/products_", false],
    ["/users", false],
    ["/", false],
  ] as const)("%s is fed: %s", (path, fed) => {
    expect(isFedScreen(path)).toBe(fed);
  });
});
