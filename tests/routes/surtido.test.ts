import { describe, expect, it } from "vitest";
import { simulatorControl } from "../../server/integrations/simulator";
import { loader } from "~/routes/surtido/route";
import { NO_STOCK_GROUP } from "~/modules/surtido/allocation";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { expectRedirect } from "../helpers/answers";
import { routeArgs } from "../helpers/route-args";

await useTestDatabase({ demo: true });

type Data = Awaited<ReturnType<typeof loader>>;
const list = (path: string, cookie: string) => settle(() => loader(routeArgs({ request: makeRequest(path, { cookie }), params: {} })));
const okPage = (data: Data) => {
  if (!data.result.ok) throw new Error(`ERP: ${data.result.message}`);
  return data.result;
};

describe("/surtido access", () => {
  it("Admin, Developer and Surtido see it; other roles go home", async () => {
    for (const role of ["admin", "developer"] as const) {
      const { cookie } = await loginAs(role);
      expect(okPage((await list("/surtido", cookie)) as Data).records.length).toBeGreaterThan(0);
    }
    const picker = await loginAs("surtido", { level: 3 });
    expect(((await list("/surtido", picker.cookie)) as Data).level).toBe(3);
    for (const [role, home] of [
      ["inventory", "/products"],
      ["cajero", "/pdv"],
      ["ml_manager", "/products"],
    ] as const) {
      const { cookie } = await loginAs(role);
      expectRedirect(await list("/surtido", cookie), home);
    }
  });
});

describe("/surtido list", () => {
  it("pages through the ERP's records, each with its picking list by level", async () => {
    const { cookie } = await loginAs("admin");
    const first = okPage((await list("/surtido", cookie)) as Data);
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 12 });
    expect(first.records).toHaveLength(10);
    const second = okPage((await list("/surtido?page=2", cookie)) as Data);
    expect(second.records.map((r) => r.id)).not.toContain(first.records[0].id);
    expect(second.records).toHaveLength(2);
    for (const record of [...first.records, ...second.records]) {
      const picked = record.groups.filter((g) => g.label !== NO_STOCK_GROUP).reduce((sum, g) => sum + g.units, 0);
      expect(picked).toBe(record.totals.toPick);
      const pending = record.lines.reduce((sum, l) => sum + l.pendingQty, 0);
      expect(record.totals.toPick + record.totals.missing).toBe(pending);
    }
    // The demo data has short lines: they are in SINSTOCK with the spec's message.
    const short = first.records.flatMap((r) => r.groups).find((g) => g.label === NO_STOCK_GROUP);
    expect(short?.lines[0].message).toBe("No hay existencias suficientes");
  });

  it("searches upper-cased and keeps the search in the answer", async () => {
    const { cookie } = await loginAs("surtido");
    const data = (await list("/surtido?search=%20a1-%20", cookie)) as Data;
    expect(data.query.search).toBe("A1-");
    const page = okPage(data);
    expect(page.total).toBeGreaterThan(0);
    for (const r of page.records) expect(r.lines.some((l) => l.sku.includes("A1-") || l.location.includes("A1-"))).toBe(true);
    expect(okPage((await list("/surtido?search=NOEXISTE999", cookie)) as Data).records).toEqual([]);
  });

  it("bad paging falls back to the first page", async () => {
    const { cookie } = await loginAs("admin");
    expect(okPage((await list("/surtido?page=abc", cookie)) as Data).page).toBe(1);
    expect(okPage((await list("/surtido?page=-3", cookie)) as Data).page).toBe(1);
  });

  it("an ERP failure is shown on the page, not an error", async () => {
    const { cookie } = await loginAs("admin");
    await simulatorControl.failNext("erp.listSurtido", "timeout");
    const data = (await list("/surtido", cookie)) as Data;
    expect(data.result.ok).toBe(false);
    if (!data.result.ok) expect(data.result.message.length).toBeGreaterThan(0);
    expect(okPage((await list("/surtido", cookie)) as Data).records.length).toBeGreaterThan(0);
  });
});
