import { describe, expect, it } from "vitest";
import { formatSources, formatTop, profilePath, topSelfTime, type CpuProfile } from "../../bench/cpu-profile";

describe("the profile's self time", () => {
  const frame = (functionName: string, url = "", lineNumber = 0) => ({ functionName, url, lineNumber, columnNumber: 0 });
  // root → render (2 nodes of one function in one file, reached by two paths) and gzip; idle between requests.
  const profile: CpuProfile = {
    startTime: 1_000,
    endTime: 13_000,
    nodes: [
      { id: 1, callFrame: frame("(root)"), children: [2, 3, 5, 6] },
      { id: 2, callFrame: frame("render", "file:///app/node_modules/react-dom/server.js", 9), children: [4] },
      { id: 3, callFrame: frame("(idle)") },
      { id: 4, callFrame: frame("", "node:zlib", 99) },
      { id: 5, callFrame: frame("render", "file:///app/node_modules/react-dom/server.js", 41) },
      { id: 6, callFrame: frame("(garbage collector)") },
    ],
    // Samples at 1 000, 2 000, 3 000, 6 000, 10 000 and 11 000 µs; the last lasts until the end (13 000).
    samples: [2, 2, 4, 5, 3, 6],
    timeDeltas: [0, 1_000, 1_000, 3_000, 4_000, 1_000],
  };

  it("sums a function's nodes by name and file, each sample lasting until the next, idle apart", () => {
    const { busyMs, idleMs, top, sources } = topSelfTime(profile, 15, "/app");
    expect(idleMs).toBe(1);
    expect(busyMs).toBe(11);
    expect(top).toEqual([
      // 1 + 1 ms (node 2) and 4 ms (node 5): the line shown is node 5's, where most time went.
      { name: "render", file: "node_modules/react-dom/server.js", line: 42, ms: 6, share: 6 / 11 },
      { name: "(anónima)", file: "node:zlib", line: 100, ms: 3, share: 3 / 11 },
      { name: "(garbage collector)", file: "", line: 1, ms: 2, share: 2 / 11 },
    ]);
    // By origin: the package of a node_modules file, node's own modules, V8's nodes by their name.
    expect(sources).toEqual([
      { source: "react-dom", ms: 6, share: 6 / 11 },
      { source: "node", ms: 3, share: 3 / 11 },
      { source: "(garbage collector)", ms: 2, share: 2 / 11 },
    ]);
    expect(formatSources(sources).split("\n")[0]).toBe(" 54.5 %       6.0 ms  react-dom");
  });

  it("falls back to hit counts, and keeps the top n", () => {
    const { nodes, startTime, endTime } = profile;
    const counted = nodes.map((n) => ({ ...n, hitCount: n.id === 2 ? 3 : n.id === 3 ? 1 : 0 }));
    const { busyMs, idleMs, top } = topSelfTime({ nodes: counted, startTime, endTime }, 1, "/app");
    expect([busyMs, idleMs]).toEqual([9, 3]);
    expect(top.map((t) => t.name)).toEqual(["render"]);
  });

  it("prints one line per function for the terminal", () => {
    const lines = formatTop(topSelfTime(profile, 15, "/app").top).split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^ 54\.5 % +6\.0 ms {2}render .* node_modules\/react-dom\/server\.js:42$/);
    expect(lines[3]).toMatch(/\(nativo\)$/);
  });

  it("reads BENCH_PROFILE with or without its slash", () => {
    expect(profilePath("orders")).toBe("/orders");
    expect(profilePath("/orders?page=50")).toBe("/orders?page=50");
  });
});
