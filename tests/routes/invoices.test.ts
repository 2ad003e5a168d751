import { describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog } from "../../server/db/schema";
import { simulatorControl } from "../../server/integrations/simulator";
import { loader as listLoader } from "~/routes/feedback-invoices/route";
import { loader as detailLoader } from "~/routes/feedback-invoices/$saleId";
import { action as resendAction, loader as resendLoader } from "~/routes/feedback-invoices/$saleId.resend";
import { readToast } from "~/lib/toast.server";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase({ demo: true });

type List = Awaited<ReturnType<typeof listLoader>>;
type Detail = Awaited<ReturnType<typeof detailLoader>>;
type ResendData = Awaited<ReturnType<typeof resendLoader>>;
type ActionAnswer = {
  result: { initialValue?: Record<string, unknown> | null };
  recipients: Array<{ email: string; isDefault: boolean }>;
  error?: { title: string; message: string };
};

const list = (path: string, cookie: string) => settle(() => listLoader(routeArgs({ request: makeRequest(path, { cookie }), params: {} })));
const detail = (id: string, cookie: string) =>
  settle(() => detailLoader(routeArgs({ request: makeRequest(`/feedback-invoices/${id}`, { cookie }), params: { saleId: id } })));
const resendPage = (id: string, cookie: string) =>
  settle(() => resendLoader(routeArgs({ request: makeRequest(`/feedback-invoices/${id}/resend`, { cookie }), params: { saleId: id } })));
const resend = async (id: string, cookie: string, form: Array<[string, string]>) => {
  const body = new FormData();
  for (const [k, v] of form) body.append(k, v);
  const res = await settle(() =>
    resendAction(routeArgs({ request: makeRequest(`/feedback-invoices/${id}/resend`, { cookie, form: body }), params: { saleId: id } })),
  );
  return res as Response | { data: ActionAnswer; init: ResponseInit | null };
};
const payload = (res: unknown) => (res as { data: ActionAnswer }).data;
/** What Conform's "Quitar" button posts for the row at `index` of the recipients list. */
const removeRow = (index: number): [string, string] => [
  "__intent__",
  JSON.stringify({ type: "remove", payload: { name: "recipients", index } }),
];
const statusOf = (res: unknown) => (res as { init: ResponseInit | null }).init?.status ?? 200;
async function toastOf(res: unknown) {
  const cookie = (res as Response).headers.get("set-cookie") ?? "";
  return (await readToast(new Request("http://x", { headers: { cookie: cookie.split(";")[0] } }))).toast;
}

const [stamped] = await database.query<{ id: string; email: string }>(
  "select order_id::text as id, invoice_data->>'email' as email from sim.mkt_invoice_feedback where feedbacks->0->>'error_info' = 'SUCCESSFUL' and invoice_data->>'email' <> '' order by date_created desc limit 1",
);
const [pending] = await database.query<{ id: string }>(
  "select order_id::text as id from sim.mkt_invoice_feedback where feedbacks->0->>'error_info' <> 'SUCCESSFUL' order by date_created desc limit 1",
);

describe("/feedback-invoices access", () => {
  it("Admin, Developer and MercadoLibre Manager see it; other roles go home", async () => {
    for (const role of ["admin", "developer", "ml_manager"] as const) {
      const { cookie } = await loginAs(role);
      expect(((await list("/feedback-invoices", cookie)) as List).answer.ok).toBe(true);
    }
    for (const [role, home] of [
      ["inventory", "/products"],
      ["cajero", "/pdv"],
      ["shop_manager", "/products"],
    ] as const) {
      const { cookie } = await loginAs(role);
      const res = (await list("/feedback-invoices", cookie)) as Response;
      expect([res.status, res.headers.get("location")]).toEqual([302, home]);
    }
  });
});

describe("/feedback-invoices list", () => {
  it("pages by ten with the total, newest first", async () => {
    const { cookie } = await loginAs("admin");
    const first = (await list("/feedback-invoices", cookie)) as List;
    if (!first.answer.ok) throw new Error(first.answer.message);
    expect(first.answer.total).toBe(40);
    expect(first.answer.data).toHaveLength(10);
    const dates = first.answer.data.map((r) => r.dateCreated);
    expect([...dates].sort().reverse()).toEqual(dates);
    const fourth = (await list("/feedback-invoices?page=4", cookie)) as List;
    if (!fourth.answer.ok) throw new Error(fourth.answer.message);
    expect(fourth.answer.data).toHaveLength(10);
    expect(fourth.answer.data.map((r) => r.id)).not.toContain(first.answer.data[0].id);
  });

  it("searches by sale and turns the chosen days into start_date and end_date plus one day", async () => {
    const { cookie } = await loginAs("admin");
    const found = (await list(`/feedback-invoices?search=${stamped.id}`, cookie)) as List;
    if (!found.answer.ok) throw new Error(found.answer.message);
    expect(found.answer.data.map((r) => r.id)).toEqual([stamped.id]);
    const redirected = (await list(
      "/feedback-invoices?search=x&start_day=2026-01-01&end_day=2026-01-31&page=3&status_filter=pending",
      cookie,
    )) as Response;
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe(
      "/feedback-invoices?search=x&status_filter=pending&start_date=2026%2F01%2F01&end_date=2026%2F02%2F01",
    );
    const bad = (await list("/feedback-invoices?start_date=2026/13/45&page=x&status_filter=nope", cookie)) as List;
    expect(bad.query).toMatchObject({ start_date: undefined, page: 1, status_filter: undefined });
  });

  it("falls back to dataInvoice, and shows the error when both fail", async () => {
    const { cookie } = await loginAs("admin");
    await simulatorControl.failNext("marketplace.listInvoiceFeedback", "http", { status: 503 });
    const fallback = (await list("/feedback-invoices", cookie)) as List;
    expect(fallback.answer.ok).toBe(true);
    await simulatorControl.failNext("marketplace.listInvoiceFeedback", "timeout");
    await simulatorControl.failNext("marketplace.listInvoiceData", "timeout");
    const failed = (await list("/feedback-invoices", cookie)) as List;
    expect(failed.answer.ok).toBe(false);
  });
});

describe("invoice dialog", () => {
  it("shows the record; an unknown or malformed sale is a 404", async () => {
    const { cookie } = await loginAs("ml_manager");
    const shown = (await detail(stamped.id, cookie)) as Detail;
    expect(shown.record?.id).toBe(stamped.id);
    expect(((await detail("999", cookie)) as Response).status).toBe(404);
    expect(((await detail("abc", cookie)) as Response).status).toBe(404);
  });
});

describe("resending an invoice", () => {
  it("is refused for a pending invoice", async () => {
    const { cookie } = await loginAs("admin");
    const res = (await resendPage(pending.id, cookie)) as Response;
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ title: "Factura pendiente", variant: "warning" });
  });

  it("starts with the customer's and the internal e-mail, validates additions, removes extras and sends", async () => {
    const { cookie } = await loginAs("admin");
    const page = (await resendPage(stamped.id, cookie)) as ResendData;
    expect(page.recipients).toEqual([
      { email: stamped.email.toLowerCase(), isDefault: true, role: "cliente" },
      { email: "facturacion@electrica.mx", isDefault: true, role: "interno" },
    ]);

    const invalid = await resend(stamped.id, cookie, [
      ["intent", "add"],
      ["email", "conta@"],
    ]);
    expect(statusOf(invalid)).toBe(400);
    expect(payload(invalid).error).toEqual({ title: "Correo inválido", message: "Por favor, ingresa un correo válido." });

    const duplicate = await resend(stamped.id, cookie, [
      ["intent", "add"],
      ["email", stamped.email.toUpperCase()],
    ]);
    expect(payload(duplicate).error).toEqual({ title: "Correo existente", message: "El correo eletrónico ya se ingresó." });

    const added = payload(
      await resend(stamped.id, cookie, [
        ["intent", "add"],
        ["email", "Conta@Empresa.mx"],
      ]),
    );
    expect(added.recipients.map((r) => r.email)).toContain("conta@empresa.mx");
    // The form is answered with the new list of extras (the defaults never travel in it) and an empty box.
    expect(added.result.initialValue).toEqual({ recipients: ["conta@empresa.mx"], email: "" });
    // A forged list cannot drop the defaults or sneak in a bad address.
    const forged = payload(
      await resend(stamped.id, cookie, [
        ["recipients[0]", "mal@"],
        ["recipients[1]", "conta@empresa.mx"],
        ["recipients[2]", stamped.email.toUpperCase()],
        removeRow(0),
      ]),
    );
    expect(forged.recipients.map((r) => r.email)).toEqual([stamped.email.toLowerCase(), "facturacion@electrica.mx", "conta@empresa.mx"]);
    const removed = await resend(stamped.id, cookie, [["recipients[0]", "conta@empresa.mx"], ["email", "a medias"], removeRow(0)]);
    expect(statusOf(removed)).toBe(200);
    expect(payload(removed).recipients).toHaveLength(2);
    expect(payload(removed).result.initialValue).toEqual({ recipients: [], email: "a medias" });
    // A list button posted by hand with a broken change is refused, not a server error.
    const broken = await resend(stamped.id, cookie, [
      ["recipients[0]", "conta@empresa.mx"],
      ["__intent__", "{remove"],
    ]);
    expect(statusOf(broken)).toBe(400);

    const sent = (await resend(stamped.id, cookie, [
      ["recipients[0]", "conta@empresa.mx"],
      ["intent", "send"],
    ])) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/feedback-invoices/${stamped.id}`);
    expect(await toastOf(sent)).toMatchObject({ variant: "success", message: "Documentos reenviados correctamente" });
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.identifier, stamped.id)).orderBy(desc(auditLog.id)).limit(1);
    expect(entry.message).toContain("Factura reenviada");
    expect((entry.detail as { recipients: string[] }).recipients).toContain("conta@empresa.mx");
  });

  it("keeps the list when the invoicing service fails", async () => {
    const { cookie } = await loginAs("admin");
    await simulatorControl.failNext("invoicing.resendInvoice", "timeout");
    const failed = await resend(stamped.id, cookie, [
      ["recipients[0]", "otra@empresa.mx"],
      ["intent", "send"],
    ]);
    expect(statusOf(failed)).toBe(502);
    expect(payload(failed).recipients.map((r) => r.email)).toContain("otra@empresa.mx");
    expect(payload(failed).error?.title).toBe("No se pudo reenviar la factura");
  });
});

describe("resending: forged list indexes", () => {
  it("a recipients index far past the list's limit is a 400 before the list is read (the bench times it)", async () => {
    const { cookie } = await loginAs("admin");
    for (const form of [
      [
        ["intent", "add"],
        ["email", "conta@correo.example"],
        ["recipients[9999999]", "x@correo.example"],
      ],
      [
        ["intent", "send"],
        ["__intent__", JSON.stringify({ type: "update", payload: { name: "recipients[9999999]", value: "x@correo.example" } })],
      ],
    ] as Array<Array<[string, string]>>) {
      const res = await resend(stamped.id, cookie, form);
      expect(statusOf(res)).toBe(400);
      expect(payload(res).error).toEqual({ title: "Solicitud inválida", message: "Revisa los correos e intenta de nuevo." });
    }
  });
});
