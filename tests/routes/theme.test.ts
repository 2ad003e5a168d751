import fs from "node:fs";
import ExcelJS from "exceljs";
import type { LoaderFunctionArgs } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { loader as themeLoader, action as themeAction } from "~/routes/theme/route";
import { loader as dialogLoader } from "~/routes/theme/dialog";
import { loader as pdfLoader } from "~/routes/theme/sample.pdf";
import { loader as xlsxLoader } from "~/routes/theme/sample.xlsx";
import { readToast } from "~/lib/toast.server";
import { buildWorkbook, safeFilename, xlsxResponse, XLSX_CONTENT_TYPE } from "../../server/documents/xlsx.server";
import { closePdfBrowser } from "../../server/documents/pdf.server";
import { getEnv } from "../../server/env";
import { withMissingChromium } from "../helpers/missing-chromium";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { expectRolesSentHome } from "../helpers/sent-home";
import { routeArgs } from "../helpers/route-args";

await useTestDatabase();
const ctx = { params: {} };
const { cookie } = await loginAs("developer");

afterAll(async () => {
  await closePdfBrowser();
});

async function toastOf(res: Response) {
  const value = (res.headers.get("Set-Cookie") ?? "").split(";")[0];
  return (await readToast(new Request("http://localhost/", { headers: { cookie: value } }))).toast;
}

async function workbookOf(body: ArrayBuffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body);
  return wb;
}

describe("/theme access", () => {
  it("is for Developer only", async () => {
    expect(await settle(() => themeLoader(routeArgs({ ...ctx, request: makeRequest("/theme", { cookie }) })))).toMatchObject({ total: 23 });
    expect(await settle(() => dialogLoader(routeArgs({ ...ctx, request: makeRequest("/theme/dialog", { cookie }) })))).toBeNull();
    const get =
      (fn: (args: LoaderFunctionArgs) => Promise<unknown>, path: string) =>
      ({ cookie }: { cookie: string }) =>
        settle(() => fn(routeArgs({ ...ctx, request: makeRequest(path, { cookie }) })));
    await expectRolesSentHome(
      [
        ["admin", "/products"],
        ["ml_manager", "/products"],
        ["cajero", "/pdv"],
      ],
      {
        "/theme": get(themeLoader, "/theme"),
        "/theme/dialog": get(dialogLoader, "/theme/dialog"),
        "/theme/sample.pdf": get(pdfLoader, "/theme/sample.pdf"),
        "/theme/sample.xlsx": get(xlsxLoader, "/theme/sample.xlsx"),
        "POST /theme": ({ cookie }) =>
          settle(() =>
            themeAction(routeArgs({ ...ctx, request: makeRequest("/theme", { cookie, form: { intent: "toast", variant: "info" } }) })),
          ),
      },
    );
  });
});

describe("/theme kit", () => {
  it("sorts and pages the sample table from the URL", async () => {
    const res = (await themeLoader(
      routeArgs({ ...ctx, request: makeRequest("/theme?sortName=price&sortValue=desc&page=2", { cookie }) }),
    )) as Awaited<ReturnType<typeof themeLoader>>;
    expect(res.rows).toHaveLength(5);
    expect(res.page).toBe(2);
    const all = (await themeLoader(
      routeArgs({ ...ctx, request: makeRequest("/theme?sortName=price&sortValue=desc", { cookie }) }),
    )) as Awaited<ReturnType<typeof themeLoader>>;
    expect(all.rows[0].price).toBeGreaterThanOrEqual(res.rows[0].price);
    const searched = (await themeLoader(routeArgs({ ...ctx, request: makeRequest("/theme?search=foco", { cookie }) }))) as Awaited<
      ReturnType<typeof themeLoader>
    >;
    expect(searched.total).toBeGreaterThan(0);
    expect(searched.rows.every((r) => r.name.startsWith("Foco"))).toBe(true);
  });

  it("redirects with a toast of each variant", async () => {
    for (const variant of ["success", "info", "warning", "danger"] as const) {
      const res = (await settle(() =>
        themeAction(routeArgs({ ...ctx, request: makeRequest("/theme?page=2", { cookie, form: { intent: "toast", variant } }) })),
      )) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/theme?page=2");
      expect(await toastOf(res)).toMatchObject({ variant });
    }
  });

  it("validates the sample field: 400 with the Spanish error, then success", async () => {
    const bad = (await themeAction(
      routeArgs({ ...ctx, request: makeRequest("/theme", { cookie, form: { email: "no" } }) }),
    )) as unknown as {
      data: { result: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.result.error.email).toEqual(["Ingresa un correo electrónico válido"]);
    const ok = (await settle(() =>
      themeAction(routeArgs({ ...ctx, request: makeRequest("/theme", { cookie, form: { email: "a@b.mx" } }) })),
    )) as Response;
    expect(ok.status).toBe(302);
  });
});

describe("sample spreadsheet", () => {
  it("downloads a real .xlsx with typed cells", async () => {
    const res = (await xlsxLoader(routeArgs({ ...ctx, request: makeRequest("/theme/sample.xlsx", { cookie }) }))) as Response;
    expect(res.headers.get("Content-Type")).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="muestra-\d{12}\.xlsx"; filename\*=UTF-8''muestra-\d{12}\.xlsx$/,
    );
    const wb = await workbookOf(await res.arrayBuffer());
    const sheet = wb.getWorksheet("Productos de ejemplo")!;
    expect(sheet).toBeDefined();
    expect(sheet.getRow(1).values).toEqual([undefined, "SKU", "Descripción", "Cantidad", "Precio", "Importe", "Fecha"]);
    expect(sheet.rowCount).toBe(6);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe("CAB-THW-12");
    expect(row.getCell(3).value).toBe(3);
    expect(row.getCell(4).value).toBe(1289.9);
    expect(row.getCell(4).numFmt).toContain("$");
    expect(row.getCell(5).value).toBe(3869.7);
    // 2024-03-15T18:45:30Z is 12:45:30 in Mexico City: the cell shows that wall-clock time.
    const date = row.getCell(6).value as Date;
    expect(date).toBeInstanceOf(Date);
    expect(date.toISOString()).toBe("2024-03-15T12:45:30.000Z");
    expect(row.getCell(6).numFmt).toBe("dd/mm/yyyy hh:mm:ss");
  });

  it("builds workbooks from any rows and sanitises the download name", async () => {
    const buffer = await buildWorkbook({
      sheetName: "Ventas: marzo/abril [2024]*?",
      columns: [
        { header: "Día", key: "day", style: "date" },
        { header: "Total", key: "total", style: "money" },
        { header: "Nota", key: "note" },
      ],
      rows: [
        { day: "2024-03-01T05:30:00Z", total: "1,234.50", note: null },
        { day: null, total: "n/a", note: ["a", "b"] },
      ],
    });
    const wb = await workbookOf(new Uint8Array(buffer).buffer);
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe("Ventas marzo abril 2024");
    expect((sheet.getCell("A2").value as Date).toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(sheet.getCell("B2").value).toBe(1234.5);
    expect(sheet.getCell("B3").value).toBeNull();
    expect(sheet.getCell("C3").value).toBe("a, b");

    expect(safeFilename('../../etc/pa"ss\nwd')).toBe("etc-pa-ss-wd.xlsx");
    expect(safeFilename("Reporte de ventas.XLSX")).toBe("Reporte de ventas.xlsx");
    expect(safeFilename("   ")).toBe("documento.xlsx");
    const res = xlsxResponse(buffer, "Órdenes (marzo).xlsx");
    expect(res.headers.get("Content-Disposition")).toBe(
      "attachment; filename=\"Ordenes _marzo_.xlsx\"; filename*=UTF-8''%C3%93rdenes%20%28marzo%29.xlsx",
    );
    expect(res.headers.get("Content-Length")).toBe(String(buffer.byteLength));
  });
});

describe("sample PDF", () => {
  it("goes back to /theme with a danger toast when Chromium is missing", async () => {
    await withMissingChromium(async () => {
      const res = (await settle(() => pdfLoader(routeArgs({ ...ctx, request: makeRequest("/theme/sample.pdf", { cookie }) })))) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/theme");
      const toast = await toastOf(res);
      expect(toast).toMatchObject({ variant: "danger", title: "PDF no disponible" });
      expect(toast?.message).toContain("/nonexistent/chromium");
    });
  });

  it.skipIf(!fs.existsSync(getEnv().CHROMIUM_PATH))(
    "renders a PDF when Chromium is installed",
    async () => {
      const res = (await settle(() => pdfLoader(routeArgs({ ...ctx, request: makeRequest("/theme/sample.pdf", { cookie }) })))) as Response;
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/pdf");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    },
    60_000,
  );
});
