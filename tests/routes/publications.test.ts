import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, files, publicationVariations, publications } from "../../server/db/schema";
import { simulatorControl } from "../../server/integrations/simulator";
import { loader as listLoader, action as listAction } from "~/routes/publications/route";
import { loader as editLoader, action as editAction } from "~/routes/publications/$id";
import { loader as newLoader, action as newAction } from "~/routes/publications/new";
import { loader as stockXlsx } from "~/routes/publications/stock-report.xlsx";
import { loader as unsyncedXlsx } from "~/routes/publications/unsynced.xlsx";
import { loader as salesXlsx } from "~/routes/publications/sales-report.xlsx";
import { loader as productsLoader } from "~/routes/publications/products";
import { loader as fileLoader } from "~/routes/files/$fileId";
import { readToast } from "~/lib/toast.server";
import type { Draft } from "~/modules/publications/draft";
import { EditorIntentSchema, type EditorIntent } from "~/modules/publications/draft-intent";
import { intentValue } from "~/modules/publications/editor-buttons";
import type { EditorActionData } from "~/routes/publications/editor-action.server";
import { useTestDatabase } from "../helpers/db";
import { publicationForm, type ListIntent } from "../helpers/publication-form";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase({ demo: true });

type ListData = Awaited<ReturnType<typeof listLoader>>;
type EditData = Awaited<ReturnType<typeof editLoader>>;

async function toastOf(res: unknown) {
  expect(res).toBeInstanceOf(Response);
  const cookie = (res as Response).headers.get("set-cookie") ?? "";
  return (await readToast(new Request("http://x", { headers: { cookie: cookie.split(";")[0] } }))).toast;
}

/** The dialog's form for a draft, as the browser posts it. */
const draftForm = (d: Draft, button: string | ListIntent = "save") => publicationForm(d, button);
/** The field errors of an answer (Conform's result). */
const errorsOf = (res: unknown) => (res as { data?: EditorActionData }).data?.result.error ?? {};

const answerOf = (res: unknown) => res as { data: EditorActionData; init: { status: number } | null };

const list = (path: string, cookie: string) => settle(() => listLoader(routeArgs({ request: makeRequest(path, { cookie }), params: {} })));
const open = (id: string, cookie: string, query = "") =>
  settle(() => editLoader(routeArgs({ request: makeRequest(`/publications/${id}${query}`, { cookie }), params: { id } })));
const post = (id: string, form: FormData, cookie: string, query = "") =>
  settle(() => editAction(routeArgs({ request: makeRequest(`/publications/${id}${query}`, { cookie, form }), params: { id } })));
const postNew = (form: FormData, cookie: string) =>
  settle(() => newAction(routeArgs({ request: makeRequest(`/publications/new?page=2`, { cookie, form }), params: {} })));

async function pngOf(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

describe("/publications list", () => {
  it("lets Admin, Developer and MercadoLibre Manager in, 8 per page, and sends others home", async () => {
    for (const role of ["admin", "developer", "ml_manager"] as const) {
      const { cookie } = await loginAs(role);
      const res = (await list("/publications", cookie)) as ListData;
      expect(res.rows).toHaveLength(8);
      expect(res.total).toBe(120);
    }
    for (const role of ["shop_manager", "cajero", "inventory"] as const) {
      const { cookie } = await loginAs(role);
      const res = (await list("/publications", cookie)) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).not.toContain("/publications");
    }
    const anonymous = (await list("/publications", "")) as Response;
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
  });

  it("keeps valid parameters and drops bad ones instead of failing", async () => {
    const { cookie } = await loginAs("admin");
    const res = (await list("/publications?page=abc&sortName=DROP&sortValue=up&filterStatus=paused&search=%25", cookie)) as ListData;
    expect(res.query).toMatchObject({ page: 1, sortName: undefined, sortValue: undefined, filterStatus: "paused" });
    expect(res.rows.every((r) => r.status === "paused")).toBe(true);
  });

  it("filters, sorts and pages in the database", async () => {
    const { cookie } = await loginAs("admin");
    const paused = (await list("/publications?filterStatus=paused", cookie)) as ListData;
    const [{ n }] = await database.query<{ n: number }>(`select count(*)::int n from publications where status = 'paused'`);
    expect(paused.total).toBe(n);
    const sold = (await list("/publications?sortName=sold&sortValue=desc", cookie)) as ListData;
    const values = sold.rows.map((r) => r.soldQuantity);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const page2 = (await list("/publications?sortName=sold&sortValue=desc&page=2", cookie)) as ListData;
    expect(page2.rows[0].soldQuantity).toBeLessThanOrEqual(values.at(-1)!);
    const bySync = (await list("/publications?sortName=priceSync&sortValue=desc", cookie)) as ListData;
    expect(bySync.rows.every((r) => r.priceSync)).toBe(true);
    const variable = (await list("/publications?search=Thw-ls%20Calibre%2012", cookie)) as ListData;
    expect(variable.rows[0]).toMatchObject({ hasVariations: true });
  });

  it("searches by full SKU when the switch is on", async () => {
    const { cookie } = await loginAs("admin");
    const res = (await list("/publications?search=qo120&skuSearch=true", cookie)) as ListData;
    expect(res.total).toBeGreaterThan(0);
    const ids = res.rows.map((r) => r.id);
    const rows = await getDb().select({ s: publications.linkedProductsString }).from(publications).where(inArray(publications.id, ids));
    expect(rows.every((r) => ` ${r.s} `.includes(" QO120 "))).toBe(true);
    // A part of a SKU is not a full SKU.
    const partial = (await list("/publications?search=QO12&skuSearch=true", cookie)) as ListData;
    expect(partial.total).toBe(0);
  });

  it("turns price sync on (which turns autosync on) and off, with an audit entry", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const [target] = await getDb()
      .select()
      .from(publications)
      .where(sql`not ${publications.autosync}`)
      .limit(1);
    const on = await settle(() =>
      listAction(
        routeArgs({
          request: makeRequest("/publications?page=3", {
            cookie,
            form: { intent: "sync-switch", id: target.id, field: "priceSync", value: "on" },
          }),
          params: {},
        }),
      ),
    );
    expect((on as Response).headers.get("location")).toBe("/publications?page=3");
    expect((await toastOf(on))?.variant).toBe("success");
    const [after] = await getDb().select().from(publications).where(eq(publications.id, target.id));
    expect(after).toMatchObject({ priceSync: true, autosync: true, version: target.version + 1 });
    const entries = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.identifier, target.id), eq(auditLog.userId, user.id)));
    expect(entries).toHaveLength(1);
    await listAction(
      routeArgs({
        request: makeRequest("/publications", { cookie, form: { intent: "sync-switch", id: target.id, field: "priceSync", value: "off" } }),
        params: {},
      }),
    );
    const [off] = await getDb().select().from(publications).where(eq(publications.id, target.id));
    expect(off.priceSync).toBe(false);
  });

  it("answers bad switch input with a toast, never a 500", async () => {
    const { cookie } = await loginAs("admin");
    const forms: Array<Record<string, string>> = [
      { intent: "sync-switch", id: "x", field: "priceSync", value: "on" },
      { intent: "sync-switch", id: "MLM1", field: "title", value: "on" },
      {},
    ];
    for (const form of forms) {
      const res = await settle(() => listAction(routeArgs({ request: makeRequest("/publications", { cookie, form }), params: {} })));
      expect((res as Response).status).toBe(302);
      expect((await toastOf(res))?.variant).toBe("warning");
    }
    const missing = await settle(() =>
      listAction(
        routeArgs({
          request: makeRequest("/publications", { cookie, form: { intent: "sync-switch", id: "MLM999", field: "stockSync", value: "on" } }),
          params: {},
        }),
      ),
    );
    expect((await toastOf(missing))?.title).toBe("Publicación no encontrada");
  });
});

describe("/publications/:id dialog", () => {
  it("answers 404 for an unknown or malformed id (shown inside the list)", async () => {
    const { cookie } = await loginAs("admin");
    expect(((await open("MLM1", cookie)) as Response).status).toBe(404);
    expect(((await open("nada", cookie)) as Response).status).toBe(404);
    expect(((await post("MLM1", new FormData(), cookie)) as Response).status).toBe(404);
  });

  it("loads a publication with its variations, products and cost summary", async () => {
    const { cookie } = await loginAs("admin");
    const [variable] = await getDb()
      .select({ id: publications.id })
      .from(publications)
      .where(sql`exists (select 1 from publication_variations v where v.post_id = ${publications.id})`)
      .limit(1);
    const res = (await open(variable.id, cookie)) as EditData;
    expect(res.view.draft.variations.length).toBeGreaterThan(1);
    for (const v of res.view.draft.variations) for (const l of v.linked) expect(res.view.products[l.sku]).toBeTruthy();
    expect(res.view.cost.total).toBeGreaterThan(res.view.cost.subtotal);
    expect(res.view.footer).toContain("GARANTÍA");
  });

  it("saves a linked product's discount clamped to 10 and qty at least 1, keeping the list query", async () => {
    const { cookie } = await loginAs("ml_manager");
    const [pub] = await getDb()
      .select()
      .from(publications)
      .where(sql`jsonb_array_length(${publications.linkedProducts}) = 1 and ${publications.status} = 'active'`)
      .limit(1);
    const view = ((await open(pub.id, cookie)) as EditData).view;
    const draft = { ...view.draft, linked: [{ ...view.draft.linked[0], qty: 0, discount: 37 }] };
    const res = await post(pub.id, draftForm(draft), cookie, "?page=4&sortName=sold");
    expect((res as Response).status, JSON.stringify(errorsOf(res))).toBe(302);
    expect((res as Response).headers.get("location")).toBe("/publications?page=4&sortName=sold");
    const [saved] = await getDb().select().from(publications).where(eq(publications.id, pub.id));
    expect(saved.linkedProducts[0]).toMatchObject({ qty: 1, discount: 10 });
    expect(saved.version).toBe(pub.version + 1);
  });

  it("moves a gallery image up within its product and saves the order and the alt text", async () => {
    const { cookie } = await loginAs("admin");
    const [pub] = await getDb()
      .select()
      .from(publications)
      .where(sql`jsonb_array_length(${publications.linkedProducts}) = 1 and ${publications.status} = 'active'`)
      .offset(1)
      .limit(1);
    const view = ((await open(pub.id, cookie)) as EditData).view;
    const sku = view.draft.linked[0].sku;
    const image = (n: number, imageSku = sku) => {
      const fileId = `00000000-0000-4000-8000-00000000000${n}`;
      return { fileId, url: `/files/${fileId}`, name: `foto-${n}.webp`, sku: imageSku, origin: "upload", alt: "" };
    };
    // Gallery images are images of the files library (the save refuses any other file).
    await getDb()
      .insert(files)
      .values(
        [1, 2, 3, 4].map((n) => ({
          id: image(n).fileId,
          filenameDisk: `${image(n).fileId}.webp`,
          filenameDownload: `foto-${n}.webp`,
          mimeType: "image/webp",
          size: 1,
          origin: "directus",
        })),
      )
      .onConflictDoNothing();
    // Image 3 belongs to a product no longer linked: it keeps its alt text and its product's order.
    const draft: Draft = { ...view.draft, gallery: [image(1), image(2), { ...image(3, "OTRO1"), alt: "Otro producto" }, image(4)] };

    // "Subir" on foto-4 without JavaScript: Conform's reorder button, to the place of foto-2 (index 1).
    const moved = answerOf(await post(pub.id, draftForm(draft, { type: "reorder", payload: { name: "gallery", from: 3, to: 1 } }), cookie));
    expect(moved.init?.status).toBe(200);
    expect(moved.data.view.draft.gallery.map((g) => g.name)).toEqual(["foto-1.webp", "foto-4.webp", "foto-2.webp", "foto-3.webp"]);
    expect(moved.data.result.intent).toMatchObject({ type: "reorder" });

    const withAlt: Draft = {
      ...moved.data.view.draft,
      gallery: moved.data.view.draft.gallery.map((g) =>
        g.name === "foto-4.webp"
          ? { ...g, alt: "  Foco LED de 9 W, luz cálida  " }
          : g.name === "foto-2.webp"
            ? { ...g, alt: "x".repeat(140) }
            : g,
      ),
    };
    const res = await post(pub.id, draftForm(withAlt), cookie);
    expect((res as Response).status, JSON.stringify([errorsOf(res), answerOf(res).data?.toast])).toBe(302);
    const [saved] = await getDb().select().from(publications).where(eq(publications.id, pub.id));
    expect(saved.gallery.map((g) => [g.name, g.sort, g.alt])).toEqual([
      ["foto-1.webp", 0, null],
      ["foto-4.webp", 1, "Foco LED de 9 W, luz cálida"],
      ["foto-2.webp", 2, "x".repeat(125)],
      ["foto-3.webp", 3, "Otro producto"],
    ]);
    const reopened = ((await open(pub.id, cookie)) as EditData).view.draft.gallery;
    expect(reopened.map((g) => [g.name, g.alt])).toEqual(saved.gallery.map((g) => [g.name, g.alt ?? ""]));
  });

  it("refuses a gallery image that is not the library's (a conversation's picture), keeping the stored gallery", async () => {
    const { cookie } = await loginAs("admin");
    const [pub] = await getDb()
      .select()
      .from(publications)
      .where(sql`jsonb_array_length(${publications.linkedProducts}) = 1 and ${publications.status} = 'active'`)
      .offset(6)
      .limit(1);
    const view = ((await open(pub.id, cookie)) as EditData).view;
    const id = crypto.randomUUID();
    await getDb()
      .insert(files)
      .values({
        id,
        filenameDisk: `${id}.png`,
        filenameDownload: `${id}-foto-cliente.png`,
        mimeType: "image/png",
        size: 1,
        origin: "message",
      });
    const forged = {
      fileId: id,
      url: `/files/${id}`,
      name: "foto-cliente.png",
      sku: view.draft.linked[0].sku,
      origin: "directus",
      alt: "",
    };
    const res = answerOf(await post(pub.id, draftForm({ ...view.draft, gallery: [...view.draft.gallery, forged] }), cookie));
    expect(res.init?.status).toBe(400);
    expect(errorsOf(res)?.gallery).toEqual(["La imagen no pertenece a la biblioteca."]);
    const [saved] = await getDb().select().from(publications).where(eq(publications.id, pub.id));
    expect(saved.gallery.map((g) => g.fileId)).not.toContain(id);
  });

  it("applies the list buttons without JavaScript and shows the changed form with its costs", async () => {
    const { cookie } = await loginAs("admin");
    const [pub] = await getDb()
      .select()
      .from(publications)
      .where(sql`jsonb_array_length(${publications.linkedProducts}) = 1 and ${publications.status} = 'active'`)
      .offset(2)
      .limit(1);
    const view = ((await open(pub.id, cookie)) as EditData).view;
    const press = async (draft: Draft, button: ListIntent) => answerOf(await post(pub.id, draftForm(draft, button), cookie));

    const added = await press(view.draft, {
      type: "insert",
      payload: { name: "linked", defaultValue: { sku: "", qty: "1", discount: "0" } },
    });
    expect(added.init?.status).toBe(200);
    expect(added.data.view.draft.linked).toEqual([...view.draft.linked, { sku: "", qty: 1, discount: 0 }]);
    // A page drawn afresh (no JavaScript) starts from the changed list.
    expect(added.data.result.initialValue?.linked).toEqual([
      ...view.draft.linked.map((l) => ({ sku: l.sku, qty: String(l.qty), discount: String(l.discount) })),
      { qty: "1", discount: "0" },
    ]);

    const removed = await press(view.draft, { type: "remove", payload: { name: "linked", index: 0 } });
    expect(removed.data.view.draft.linked).toEqual([]);
    expect(removed.data.view.cost.total).toBe(0);

    const all = await press(view.draft, { type: "update", payload: { name: "warehouses", value: ["O4", "M"] } });
    expect(all.data.view.draft.warehouses).toEqual(["O4", "M"]);

    // Nothing was saved.
    const [after] = await getDb().select().from(publications).where(eq(publications.id, pub.id));
    expect(after.version).toBe(pub.version);
  });

  it("answers a forged form with 400 and the form as it was posted, never a 500", async () => {
    const { cookie } = await loginAs("admin");
    const [pub] = await getDb()
      .select()
      .from(publications)
      .where(sql`jsonb_array_length(${publications.linkedProducts}) = 1`)
      .offset(4)
      .limit(1);
    const view = ((await open(pub.id, cookie)) as EditData).view;
    const forged = draftForm({ ...view.draft, title: "Título escrito" });
    forged.append("gallery[9].fileId", "x");
    forged.append("gallery[9].url", "https://evil.example/x.png");
    const res = answerOf(await post(pub.id, forged, cookie));
    expect(res.init?.status).toBe(400);
    expect(res.data.toast?.title).toBe("Revisa los datos");
    expect(res.data.result.error?.["gallery[9].url"]).toEqual(["La imagen no pertenece a la biblioteca."]);
    expect(res.data.result.initialValue).toMatchObject({ title: "Título escrito" });
    const broken = draftForm(view.draft);
    broken.append("__intent__", "a\u0000b");
    expect(((await post(pub.id, broken, cookie)) as Response).status).toBe(400);
    expect(((await post(pub.id, draftForm(view.draft, { type: "insert", payload: { name: "title" } }), cookie)) as Response).status).toBe(
      400,
    );
    const unknown = answerOf(await post(pub.id, draftForm(view.draft, "borrar-todo"), cookie));
    expect(unknown.init?.status).toBe(400);
    expect(unknown.data.toast?.title).toBe("Acción desconocida");
    // Beside a real list button too: the unknown intent is refused, the list change not applied.
    const both = draftForm(view.draft, { type: "remove", payload: { name: "gallery", index: 0 } });
    both.append("intent", "borrar-todo");
    const mixed = answerOf(await post(pub.id, both, cookie));
    expect(mixed.init?.status).toBe(400);
    expect(mixed.data.toast?.title).toBe("Acción desconocida");
    const [after] = await getDb().select().from(publications).where(eq(publications.id, pub.id));
    expect(after.version).toBe(pub.version);
  });

  it("refuses a field posted twice with a 400 on every button of the editor, its checkbox groups aside", async () => {
    const { cookie } = await loginAs("admin");
    const [pub] = await getDb()
      .select()
      .from(publications)
      .where(sql`jsonb_array_length(${publications.linkedProducts}) = 1`)
      .offset(6)
      .limit(1);
    const view = ((await open(pub.id, cookie)) as EditData).view;
    const sku = view.draft.linked[0].sku;
    // Every intent the editor knows (its schema's own list), so a button added later is covered too.
    const intents = EditorIntentSchema.options.map((option) => {
      const type = option.shape.type.value;
      const data: Record<string, string> = { sku, categoryId: view.draft.categoryId || "MLM1", fileId: crypto.randomUUID() };
      return intentValue(
        Object.fromEntries([
          ["type", type],
          ...Object.keys(option.shape)
            .filter((k) => k !== "type")
            .map((k) => [k, data[k]]),
        ]) as EditorIntent,
      );
    });
    expect(intents.length).toBeGreaterThanOrEqual(13);
    for (const intent of intents) {
      for (const [name, value] of [
        ["title", "Otro título"],
        ["linked[0].sku", "OTRO"],
        ["version", "1"],
      ] as const) {
        const form = draftForm(view.draft, intent);
        form.append(name, value);
        const res = await post(pub.id, form, cookie);
        expect(res, `${intent} ${name}`).toBeInstanceOf(Response);
        expect((res as Response).status, `${intent} ${name}`).toBe(400);
      }
    }
    // Two channels and two warehouses ticked are a form like any other.
    const ticked = answerOf(
      await post(pub.id, draftForm({ ...view.draft, channels: ["marketplace", "mshops"], warehouses: ["O4", "M"] }, "recalc"), cookie),
    );
    expect(ticked.init?.status ?? 200).toBe(200);
    expect(ticked.data.view.draft.warehouses).toEqual(["O4", "M"]);
    const [after] = await getDb().select().from(publications).where(eq(publications.id, pub.id));
    expect(after.version).toBe(pub.version);
  });

  it("Premium and price sync post only their button and act on the stored publication", async () => {
    const { cookie } = await loginAs("admin");
    const [pub] = await getDb()
      .select()
      .from(publications)
      .where(sql`not ${publications.premium}`)
      .limit(1);
    const only = (intent: string) => {
      const form = new FormData();
      form.append("intent", intent);
      return form;
    };
    const premium = await post(pub.id, only("premium"), cookie, "?page=3");
    expect((premium as Response).headers.get("location")).toBe(`/publications/${pub.id}?page=3`);
    expect(await toastOf(premium)).toMatchObject({ title: "Publicación Premium", variant: "success" });
    const [after] = await getDb().select().from(publications).where(eq(publications.id, pub.id));
    expect(after).toMatchObject({ premium: true, listingType: "gold_pro", version: pub.version + 1 });
    const synced = await post(pub.id, only("sync-price"), cookie);
    expect(await toastOf(synced)).toMatchObject({ title: "Precio sincronizado", variant: "success" });
  });

  it("refuses a stale edit", async () => {
    const { cookie } = await loginAs("admin");
    const [pub] = await getDb()
      .select()
      .from(publications)
      .where(sql`jsonb_array_length(${publications.linkedProducts}) = 1`)
      .offset(3)
      .limit(1);
    const view = ((await open(pub.id, cookie)) as EditData).view;
    await getDb()
      .update(publications)
      .set({ version: pub.version + 5 })
      .where(eq(publications.id, pub.id));
    const res = answerOf(
      await post(pub.id, draftForm({ ...view.draft, description: { ...view.draft.description, intro: "Nuevo texto" } }), cookie),
    );
    expect(res.init?.status).toBe(409);
    expect(res.data.toast?.title).toBe("Publicación modificada");
    // The dialog keeps what was typed; the marketplace was not asked.
    expect(res.data.view.draft.description.intro).toBe("Nuevo texto");
  });

  it("shows the marketplace's refusal and saves nothing", async () => {
    const { cookie } = await loginAs("admin");
    const [pub] = await getDb()
      .select()
      .from(publications)
      .where(sql`jsonb_array_length(${publications.linkedProducts}) = 1`)
      .offset(5)
      .limit(1);
    const view = ((await open(pub.id, cookie)) as EditData).view;
    await simulatorControl.failNext("marketplace.updatePublication", "http", { status: 503 });
    const res = answerOf(await post(pub.id, draftForm({ ...view.draft, priceSync: !view.draft.priceSync }), cookie));
    expect(res.init?.status).toBe(502);
    expect(res.data.toast?.variant).toBe("danger");
    const [after] = await getDb().select().from(publications).where(eq(publications.id, pub.id));
    expect(after.version).toBe(pub.version);
  });
});

describe("/publications/new", () => {
  it("refuses a forged list index far past the limits with the guard's 400 instead of building a huge list (the bench times it)", async () => {
    const { cookie } = await loginAs("admin");
    for (const name of [
      "linked[99999999].sku",
      "variations[50000000].linked[0].sku",
      "gallery[123456789].fileId",
      "variations[0].linked[9999999].qty",
    ]) {
      const form = new FormData();
      form.set("intent", "recalc");
      form.set(name, "X");
      const res = await postNew(form, cookie);
      expect((res as Response).status).toBe(400);
      expect(await (res as Response).text()).toBe("El formulario no es válido.");
    }
    for (const payload of [
      { name: "linked[99999999]", value: { sku: "X" } },
      { name: "gallery", index: 99999999 },
    ]) {
      const form = new FormData();
      form.set("__intent__", JSON.stringify({ type: payload.value ? "update" : "remove", payload }));
      const res = await postNew(form, cookie);
      expect((res as Response).status).toBe(400);
      expect(await (res as Response).text()).toBe("El formulario no es válido.");
    }
  });

  it("starts with the section 3 defaults", async () => {
    const { cookie } = await loginAs("admin");
    const res = (await settle(() =>
      newLoader(routeArgs({ request: makeRequest("/publications/new", { cookie }), params: {} })),
    )) as Awaited<ReturnType<typeof newLoader>>;
    expect(res.view.draft).toMatchObject({ id: null, autosync: false, priceSync: false, stockSync: false, listingType: "gold_special" });
    expect(res.view.draft.linked).toEqual([{ sku: "", qty: 1, discount: 0 }]);
  });

  it("starts with two default gallery images, real library files that are saved with the publication", async () => {
    const { cookie } = await loginAs("admin");
    const first = (await settle(() =>
      newLoader(routeArgs({ request: makeRequest("/publications/new", { cookie }), params: {} })),
    )) as Awaited<ReturnType<typeof newLoader>>;
    const gallery = first.view.draft.gallery;
    // Spec 1 §4: two default images, belonging to the publication itself (no linked product).
    expect(gallery).toHaveLength(2);
    expect(gallery.map((g) => g.sku)).toEqual(["", ""]);
    expect(gallery.every((g) => g.alt.length > 0 && g.url === `/files/${g.fileId}`)).toBe(true);
    // The same two files for every new publication: no copy per dialog opened.
    const second = (await settle(() =>
      newLoader(routeArgs({ request: makeRequest("/publications/new", { cookie }), params: {} })),
    )) as Awaited<ReturnType<typeof newLoader>>;
    expect(second.view.draft.gallery.map((g) => g.fileId)).toEqual(gallery.map((g) => g.fileId));
    const rows = await getDb()
      .select()
      .from(files)
      .where(
        inArray(
          files.id,
          gallery.map((g) => g.fileId),
        ),
      );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ mimeType: "image/webp", width: 1500, height: 1500, origin: "directus" });
    for (const g of gallery) {
      const served = (await settle(() =>
        fileLoader(routeArgs({ request: makeRequest(`${g.url}?w=800`, { cookie }), params: { fileId: g.fileId } })),
      )) as Response;
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(800);
    }

    const draft: Draft = {
      ...emptyDraft(),
      title: "Centro De Carga Qo 2 Polos Con Galeria",
      categoryId: "MLM187773",
      store: "meli1",
      channels: ["marketplace"],
      attributes: {
        BRAND: "Square D",
        MODEL: "QO2",
        GTIN: "7501234567891",
        ITEM_CONDITION: "Nuevo",
        CABLE_GAUGE: "12 AWG",
        CABLE_LENGTH: "1 m",
      },
      linked: [{ sku: "QO120", qty: 1, discount: 0 }],
      gallery,
      description: { intro: "Prueba de galería.", body: "", closing: "" },
    };
    const res = await postNew(draftForm(draft), cookie);
    expect((res as Response).status, JSON.stringify([errorsOf(res), answerOf(res).data?.toast])).toBe(302);
    const [created] = await getDb().select().from(publications).where(eq(publications.title, draft.title));
    expect(created.gallery.map((g) => ({ fileId: g.fileId, sort: g.sort, sku: g.sku }))).toEqual([
      { fileId: gallery[0].fileId, sort: 0, sku: "" },
      { fileId: gallery[1].fileId, sort: 1, sku: "" },
    ]);
  });

  it("warns 'Datos insuficientes' and sends nothing when data is missing", async () => {
    const { cookie } = await loginAs("admin");
    const before = await database.query<{ n: number }>(`select count(*)::int n from sim.mkt_publications`);
    const res = answerOf(await postNew(draftForm({ ...emptyDraft(), title: "Solo título" }), cookie));
    expect(res.init?.status).toBe(400);
    expect(res.data.toast).toMatchObject({
      title: "Datos insuficientes",
      message: "Por favor completa toda la información",
      variant: "warning",
    });
    expect(Object.keys(errorsOf(res))).toEqual(expect.arrayContaining(["categoryId", "channels", "store", "linked"]));
    // The dialog keeps what was typed.
    expect(res.data.view.draft.title).toBe("Solo título");
    const after = await database.query<{ n: number }>(`select count(*)::int n from sim.mkt_publications`);
    expect(after[0].n).toBe(before[0].n);
  });

  it("answers a category the marketplace does not know with a field error", async () => {
    const { cookie } = await loginAs("admin");
    const res = answerOf(await postNew(draftForm({ ...emptyDraft(), title: "Cable", categoryId: "MLM000" }, "load-category"), cookie));
    expect(res.init?.status).toBe(400);
    expect(errorsOf(res).categoryId).toEqual(["La categoría no existe en Mercado Libre."]);
  });

  it("predicts categories, searches products and adds rows without saving", async () => {
    const { cookie } = await loginAs("admin");
    const predicted = answerOf(await postNew(draftForm({ ...emptyDraft(), title: "Cable THW calibre 12 negro" }, "predict"), cookie));
    expect(predicted.data.view.predictions?.[0].categoryId).toBe("MLM187773");
    const found = answerOf(
      await postNew(draftForm({ ...emptyDraft(), title: "Cable", productSearch: "thw12" }, "search-products"), cookie),
    );
    expect(found.data.view.searchResults?.length).toBeGreaterThan(0);
    expect(found.data.view.searchResults!.length).toBeLessThanOrEqual(40);
    const short = answerOf(await postNew(draftForm({ ...emptyDraft(), title: "Cable", productSearch: " t " }, "search-products"), cookie));
    expect(short.data.view.searchResults).toEqual([]);
    const added = answerOf(
      await postNew(draftForm({ ...emptyDraft(), title: "Cable" }, JSON.stringify({ type: "add-product", sku: "thw12ne100" })), cookie),
    );
    expect(added.data.view.draft.linked).toEqual([{ sku: "THW12NE100", qty: 1, discount: 0 }]);
    // The first variation takes the flat rows; a found product then goes to the list chosen in "Agregar a".
    const varied = answerOf(await postNew(draftForm(added.data.view.draft, "add-variation"), cookie));
    expect(varied.data.view.draft.linked).toEqual([]);
    expect(varied.data.view.draft.variations).toEqual([{ name: "", attributes: {}, linked: [{ sku: "THW12NE100", qty: 1, discount: 0 }] }]);
    const second = {
      ...varied.data.view.draft,
      variations: [...varied.data.view.draft.variations, { name: "", attributes: {}, linked: [{ sku: "", qty: 1, discount: 0 }] }],
      searchTarget: "v1",
    };
    const intoSecond = answerOf(await postNew(draftForm(second, JSON.stringify({ type: "add-product", sku: "thw12bl100" })), cookie));
    expect(intoSecond.data.view.draft.variations.map((v) => v.linked.map((l) => l.sku))).toEqual([["THW12NE100"], ["THW12BL100"]]);
    const json = (await settle(() =>
      productsLoader(routeArgs({ request: makeRequest("/publications/products?search=qo1", { cookie }), params: {} })),
    )) as { results: unknown[] };
    expect(json.results.length).toBeGreaterThan(0);
  });

  it("answers with the fields the server rewrote, as Conform updates, and leaves the rest as typed", async () => {
    const { cookie } = await loginAs("admin");
    const typed: Draft = { ...emptyDraft(), title: "Cable", description: { intro: "Escrito sin guardar", body: "", closing: "" } };
    const press = async (draft: Draft, intent: string) => answerOf(await postNew(draftForm(draft, intent), cookie)).data.result;

    // Nothing rewritten: no update, so a browser showing the form keeps it as it is.
    const predicted = await press(typed, "predict");
    expect(predicted.intent).toBeUndefined();
    expect(predicted.initialValue).toMatchObject({ title: "Cable", description: { intro: "Escrito sin guardar" } });

    // "Agregar" fills the empty row: only the linked list travels back.
    const added = await press(typed, JSON.stringify({ type: "add-product", sku: "thw12ne100" }));
    expect(added.intent).toEqual({ type: "update", payload: { name: "linked", value: [{ sku: "THW12NE100", qty: "1", discount: "0" }] } });
    expect(added.initialValue).toMatchObject({ title: "Cable", linked: [{ sku: "THW12NE100", qty: "1", discount: "0" }] });

    // Spec 1 §4: price sync turns autosync on; the recomputed value travels the same way.
    const synced = await press({ ...typed, priceSync: true }, "recalc");
    expect(synced.intent).toEqual({ type: "update", payload: { name: "autosync", value: "on" } });

    // The first variation takes the flat rows: two lists change, so the whole form is updated from the draft.
    const varied = await press({ ...typed, linked: [{ sku: "THW12NE100", qty: 2, discount: 0 }] }, "add-variation");
    expect(varied.intent).toMatchObject({
      type: "update",
      payload: { value: { title: "Cable", linked: [], variations: [{ linked: [{ sku: "THW12NE100", qty: "2", discount: "0" }] }] } },
    });

    // A refusal sends its rewritten value as an update too, its error marked to show.
    const unknown = await press({ ...typed, categoryId: "mlm000" }, "load-category");
    expect(unknown.error).toEqual({ categoryId: ["La categoría no existe en Mercado Libre."] });
    expect(unknown.initialValue).toMatchObject({ categoryId: "MLM000" });
    expect(unknown.intent).toEqual({ type: "update", payload: { name: "categoryId", value: "MLM000" } });
    expect(unknown.state?.validated).toMatchObject({ categoryId: true });
  });

  it("creates a publication with a variation through the marketplace, then stores it", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const draft: Draft = {
      ...emptyDraft(),
      title: "Cable Thw Calibre 12 Prueba Caja 100 M",
      categoryId: "MLM187773",
      store: "meli1",
      channels: ["marketplace", "mshops"],
      priceSync: true,
      warehouses: ["1ML", "M"],
      attributes: {
        BRAND: "Condumex",
        MODEL: "THW12",
        GTIN: "7501234567890",
        ITEM_CONDITION: "Nuevo",
        CABLE_GAUGE: "12 AWG",
        CABLE_LENGTH: "100 m",
      },
      linked: [],
      variations: [
        { name: "", attributes: { COLOR: "Negro" }, linked: [{ sku: "THW12NE100", qty: 1, discount: 0 }] },
        { name: "", attributes: { COLOR: "Blanco" }, linked: [{ sku: "THW12BL100", qty: 1, discount: 3 }] },
      ],
      description: { intro: "Cable de prueba.", body: "- Calibre 12", closing: "" },
    };
    const res = await postNew(draftForm(draft), cookie);
    expect((res as Response).status, JSON.stringify([errorsOf(res), answerOf(res).data?.toast])).toBe(302);
    expect((res as Response).headers.get("location")).toBe("/publications?page=2");
    expect((await toastOf(res))?.title).toBe("Publicación creada");
    const [created] = await getDb().select().from(publications).where(eq(publications.title, draft.title));
    expect(created).toMatchObject({ autosync: true, priceSync: true, createdBy: user.id, linkedProductsString: "THW12NE100 THW12BL100" });
    const variations = await getDb().select().from(publicationVariations).where(eq(publicationVariations.postId, created.id));
    expect(variations.map((v) => v.name).sort()).toEqual(["Blanco", "Negro"]);
    const [remote] = await database.query<{ description: string }>(`select description from sim.mkt_publications where id = $1`, [
      created.id,
    ]);
    expect(remote.description).toContain("GARANTÍA");
  });

  it("refuses an image under the minimum size or a non-image, and a duplicate name", async () => {
    const { cookie } = await loginAs("admin");
    const base = { ...emptyDraft(), title: "Foco", linked: [{ sku: "QO120", qty: 1, discount: 0 }] };
    const upload = async (name: string, bytes: Buffer, type: string) => {
      const form = draftForm(base, JSON.stringify({ type: "upload", sku: "QO120" }));
      form.append("upload:QO120", new File([new Uint8Array(bytes)], name, { type }));
      return answerOf(await postNew(form, cookie));
    };
    const small = await upload("chica.png", await pngOf(800, 800), "image/png");
    expect(small.data.toast).toMatchObject({
      title: "Imagen no válida",
      message: "Lo sentimos, la imagen no cumple con las dimensiones mínimas (1500x1500)",
    });
    const text = await upload("texto.png", Buffer.from("no soy imagen"), "image/png");
    expect(text.data.toast?.title).toBe("Imagen no válida");
    const uploads = () => getDb().select().from(files).where(eq(files.origin, "upload"));
    expect(await uploads()).toHaveLength(0);
    const ok = await upload("grande.png", await pngOf(1500, 1600), "image/png");
    expect(ok.data.toast).toBeNull();
    expect(ok.data.view.draft.gallery).toHaveLength(1);
    const again = await upload("GRANDE.png", await pngOf(1500, 1600), "image/png");
    expect(again.data.toast).toMatchObject({ title: "Imagen ya existente", message: "Error al guardar, la imagen GRANDE.png ya existe." });
    const stored = await uploads();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ mimeType: "image/webp", width: 1500, height: 1600 });
    const served = (await settle(() =>
      fileLoader(routeArgs({ request: makeRequest(`/files/${stored[0].id}?w=150`, { cookie }), params: { fileId: stored[0].id } })),
    )) as Response;
    expect(served.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(150);
  });
});

describe("/publications/new gallery from the library", () => {
  it("picks images from the library, each once, up to 8 per product", async () => {
    const { cookie } = await loginAs("admin");
    // Opening a new publication stores the two default images in the library.
    await settle(() => newLoader(routeArgs({ request: makeRequest("/publications/new", { cookie }), params: {} })));
    const base: Draft = { ...emptyDraft(), title: "Foco", linked: [{ sku: "QO120", qty: 1, discount: 0 }] };
    const opened = answerOf(
      await postNew(draftForm({ ...base, librarySearch: "predeterminada" }, JSON.stringify({ type: "library", sku: "QO120" })), cookie),
    );
    expect(opened.data.library).toMatchObject({ sku: "QO120", search: "predeterminada" });
    const [first] = opened.data.library?.images ?? [];
    expect(first?.name).toMatch(/^galeria-predeterminada-/);

    const pick = JSON.stringify({ type: "pick-image", sku: "qo120", fileId: first.fileId });
    const picked = answerOf(await postNew(draftForm(base, pick), cookie));
    expect(picked.data.view.draft.gallery).toEqual([
      { fileId: first.fileId, url: first.url, name: first.name, sku: "QO120", origin: "directus", alt: "" },
    ]);
    const again = answerOf(await postNew(draftForm(picked.data.view.draft, pick), cookie));
    expect(again.data.view.draft.gallery).toHaveLength(1);

    const eight = Array.from({ length: 8 }, (_, k) => ({
      fileId: `00000000-0000-4000-8000-00000000000${k}`,
      url: `/files/00000000-0000-4000-8000-00000000000${k}`,
      name: `f${k}.webp`,
      sku: "QO120",
      origin: "upload",
      alt: "",
    }));
    const full = answerOf(await postNew(draftForm({ ...base, gallery: eight }, pick), cookie));
    expect(full.data.toast).toMatchObject({ title: "Galería completa", message: "Cada producto vinculado admite 8 imágenes." });
    expect(full.data.view.draft.gallery).toHaveLength(8);
  });
});

describe("reports", () => {
  it("'Sin sincronizar' downloads a real spreadsheet", async () => {
    const { cookie } = await loginAs("admin");
    const res = (await settle(() =>
      unsyncedXlsx(routeArgs({ request: makeRequest("/publications/unsynced.xlsx", { cookie }), params: {} })),
    )) as Response;
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
  });

  it("'Por stock' validates the threshold and answers 'Sin registros' when nothing matches", async () => {
    const { cookie } = await loginAs("ml_manager");
    const run = (q: string) =>
      settle(() => stockXlsx(routeArgs({ request: makeRequest(`/publications/stock-report.xlsx${q}`, { cookie }), params: {} })));
    expect((await toastOf(await run("?threshold=25")))?.title).toBe("Límite inválido");
    await getDb()
      .update(publications)
      .set({ stockNow: 0, stockLater: 0 })
      .where(sql`${publications.id} = (select id from publications where autosync order by id limit 1)`);
    const some = (await run("?threshold=0")) as Response;
    expect(some.headers.get("content-type")).toContain("spreadsheetml");
    await getDb()
      .update(publications)
      .set({ stockNow: 50, stockLater: 50 })
      .where(sql`${publications.autosync}`);
    const none = await run("?threshold=20");
    expect(await toastOf(none)).toMatchObject({
      title: "Sin registros",
      message: "Lo sentimos, no se encuentran registros con los parámetros seleccionados.",
    });
  });

  it("the sales report checks the range and the permission", async () => {
    const { cookie } = await loginAs("admin");
    const run = (q: string, c = cookie) =>
      settle(() => salesXlsx(routeArgs({ request: makeRequest(`/publications/sales-report.xlsx${q}`, { cookie: c }), params: {} })));
    expect(await toastOf(await run("?store=Meli1&range=custom&start=2024-01-01&end=2025-06-01"))).toMatchObject({
      title: "Rango inválido",
    });
    expect(await toastOf(await run("?store=Meli1&range=custom&start=2024-01-01"))).toMatchObject({ title: "Rango incompleto" });
    expect(await toastOf(await run("?store=Meli1&range=custom&start=2024-01-01&end=2999-01-01"))).toMatchObject({
      title: "Fecha inválida",
    });
    const month = (await run("?store=Meli1&range=last30")) as Response;
    expect(month.headers.get("content-type")).toContain("spreadsheetml");
    const manager = await loginAs("ml_manager", { permissions: [] });
    expect(await toastOf(await run("?store=Meli1&range=today", manager.cookie))).toMatchObject({ title: "Sin permiso" });
    const granted = await loginAs("ml_manager", { permissions: ["sales_reports"] });
    expect(((await run("?store=Oficiales&range=last30", granted.cookie)) as Response).status).not.toBe(500);
  });
});

function emptyDraft(): Draft {
  return {
    id: null,
    version: 0,
    title: "",
    special: false,
    categoryId: "",
    listingType: "gold_special",
    store: undefined,
    attributes: {},
    autosync: false,
    priceSync: false,
    stockSync: false,
    warehouses: [],
    channels: [],
    premium: false,
    status: "active",
    linked: [{ sku: "", qty: 1, discount: 0 }],
    variations: [],
    gallery: [],
    description: { intro: "", body: "", closing: "" },
    productSearch: "",
    searchTarget: "flat",
    librarySearch: "",
  };
}
