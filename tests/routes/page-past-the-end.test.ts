import { describe, expect, it } from "vitest";
import type { LoaderFunction } from "react-router";
import { loader as usersLoader } from "~/routes/users/route";
import { loader as productsLoader } from "~/routes/products/route";
import { loader as surtidoLoader } from "~/routes/surtido/route";
import { loader as invoicesLoader } from "~/routes/feedback-invoices/route";
import { loader as ordersLoader } from "~/routes/orders/route";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

await useTestDatabase({ demo: true });
// The ERP and marketplace simulators serve the demo's articles, picking records and invoices.

/**
 * A bookmarked or hand-edited page past the end of a list is sent to the list's last page with its
 * other parameters kept, instead of an empty table without pagination. Page sizes are the spec's.
 */
const { cookie } = await loginAs("admin");
// 25 more users than the one signed in: two pages of 20.
for (let i = 0; i < 25; i += 1) await loginAs("practicante");

const call = (loader: LoaderFunction, path: string) =>
  settle(async () => (await loader(routeArgs({ request: makeRequest(path, { cookie }), params: {} }))) as unknown);

type Page = { total: number; pageSize?: number };
const lists: Array<{ path: string; loader: LoaderFunction; pageSize?: number; pageOf: (first: unknown) => Page; keep: string }> = [
  { path: "/users", loader: usersLoader, pageSize: 20, pageOf: (d) => d as Page, keep: "sortName=email" },
  {
    path: "/products",
    loader: productsLoader,
    pageSize: 20,
    pageOf: (d) => (d as { list: Page }).list,
    keep: "sortName=stock&sortValue=desc",
  },
  // The ERP says its own page size (meta.limit).
  { path: "/surtido", loader: surtidoLoader, pageOf: (d) => (d as { result: Page }).result, keep: "search=A" },
  {
    path: "/feedback-invoices",
    loader: invoicesLoader,
    pageSize: 10,
    pageOf: (d) => (d as { answer: Page }).answer,
    keep: "status_filter=all",
  },
];

describe("a page past the end goes to the last page", () => {
  for (const list of lists) {
    it(list.path, async () => {
      const first = await call(list.loader, `${list.path}?${list.keep}`);
      expect(first).not.toBeInstanceOf(Response);
      const { total, pageSize } = list.pageOf(first);
      expect(total).toBeGreaterThan(0);
      const last = Math.ceil(total / (list.pageSize ?? pageSize!));
      const res = (await call(list.loader, `${list.path}?${list.keep}&page=9999`)) as Response;
      expect(res).toBeInstanceOf(Response);
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("Location")!, "http://x");
      expect(location.pathname).toBe(list.path);
      expect(location.searchParams.get("page")).toBe(last === 1 ? null : String(last));
      for (const [k, v] of new URLSearchParams(list.keep)) expect(location.searchParams.get(k)).toBe(v);
      // The last page itself is served.
      const again = await call(list.loader, `${list.path}${location.search}`);
      expect(again).not.toBeInstanceOf(Response);
    });
  }

  it("asked for with JavaScript (the list's data URL), it goes to the page, not to the data URL", async () => {
    const res = (await call(usersLoader, "/users.data?sortName=email&page=9999&_routes=routes%2Fusers%2Froute")) as Response;
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location")!, "http://x");
    expect(location.pathname).toBe("/users");
    expect([...location.searchParams.keys()].sort()).toEqual(["page", "sortName"]);
    expect(location.searchParams.get("page")).not.toBe("9999");
  });

  it("an empty list stays where it is (nothing to go back to)", async () => {
    const res = await call(ordersLoader, "/orders?search=ZZZ-NO-EXISTE&page=9999");
    expect(res).not.toBeInstanceOf(Response);
    expect((res as { total: number; rows: unknown[] }).total).toBe(0);
  });
});
