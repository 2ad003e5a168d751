import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
// The browser's copy (dist/router.js, untouched) is the reference the server's patched copy must agree with.
import * as browserCopy from "../../node_modules/@remix-run/router/dist/router.js";
import { PATCHES, patchDependencies } from "../../scripts/patch-dependencies.mjs";

type Router = typeof import("@remix-run/router");
const reference = browserCopy as unknown as Router;
const require = createRequire(import.meta.url);
const serverCopy = "node_modules/@remix-run/router/dist/router.cjs.js";
const patched = require(path.resolve(serverCopy)) as Router;

type Route = import("@remix-run/router").AgnosticRouteObject;

const table: Route[] = [
  {
    id: "root",
    path: "",
    children: [
      { id: "login", path: "login" },
      {
        id: "app",
        children: [
          { id: "orders", path: "orders", children: [{ id: "orders-index", index: true }, { id: "order", path: ":orderId" }] },
          { id: "orders-labels", path: "orders/labels" },
          { id: "optional", path: "files/:kind?/:name" },
          { id: "Case", path: "Case", caseSensitive: true },
          { id: "report", path: "publications/stock-report.xlsx" },
          { id: "splat", path: "docs/*" },
        ],
      },
      { id: "catch-all", path: "*" },
    ],
  },
];

const paths = [
  "/",
  "/login",
  "/orders",
  "/orders/",
  "/orders/2000001234",
  "/orders/labels",
  "/files/images/a.png",
  "/files/a.png",
  "/Case",
  "/case",
  "/publications/stock-report.xlsx",
  "/publications/stock-reportxxlsx",
  "/docs/a/b/c",
  "/nowhere/at/all",
  "/%C3%B1and%C3%BA",
];

const shape = (matches: ReturnType<typeof reference.matchRoutes>) =>
  matches?.map((m) => ({ id: (m.route as Route).id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ?? null;

describe("the server's route matching keeps compiled paths and ranked branches (decision 0031)", () => {
  it("is installed", () => {
    expect(fs.readFileSync(serverCopy, "utf8")).toContain("decision 0031");
  });

  it("matches every path as the untouched router does, again and again on the same table", () => {
    for (let round = 0; round < 3; round++) {
      for (const p of paths) expect(shape(patched.matchRoutes(table, p)), p).toEqual(shape(reference.matchRoutes(table, p)));
    }
  });

  it("a second table is ranked on its own, not taken for the first", () => {
    const other: Route[] = [{ id: "only", path: "orders/:anything" }];
    expect(shape(patched.matchRoutes(table, "/orders/labels"))?.at(-1)?.id).toBe("orders-labels");
    expect(shape(patched.matchRoutes(other, "/orders/labels"))?.at(-1)?.id).toBe("only");
    expect(patched.matchRoutes(other, "/login")).toBeNull();
  });

  it("keeps end and case sensitivity apart for the same path text", () => {
    const cases: [Parameters<typeof reference.matchPath>[0], string][] = [
      [{ path: "/orders", end: false }, "/orders/12"],
      [{ path: "/orders", end: true }, "/orders/12"],
      [{ path: "/orders" }, "/orders/12"],
      [{ path: "/Orders", caseSensitive: true }, "/orders"],
      [{ path: "/Orders", caseSensitive: false }, "/orders"],
      [{ path: "/Orders", caseSensitive: true }, "/Orders"],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [pattern, pathname] of cases) {
        expect(patched.matchPath(pattern, pathname), JSON.stringify(pattern) + pathname).toEqual(reference.matchPath(pattern, pathname));
      }
    }
    expect(patched.matchPath({ path: "/orders", end: false }, "/orders/12")).not.toBeNull();
    expect(patched.matchPath({ path: "/orders" }, "/orders/12")).toBeNull();
  });

  it("applies once, and stops the install when the router it edits has changed", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patch-"));
    const target = path.join(dir, PATCHES[0].file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const original = PATCHES[0].edits.map((e) => e.anchor).join("\n// between\n");
    fs.writeFileSync(target, original);
    expect(patchDependencies(dir)).toEqual([PATCHES[0].file]);
    const once = fs.readFileSync(target, "utf8");
    expect(patchDependencies(dir)).toEqual([]);
    expect(fs.readFileSync(target, "utf8")).toBe(once);
    fs.writeFileSync(target, "function compilePath(pattern) {\n");
    expect(() => patchDependencies(dir)).toThrow(/cambió la dependencia/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
