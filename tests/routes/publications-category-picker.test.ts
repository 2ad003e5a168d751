import { describe, expect, it } from "vitest";
import { loader as editLoader, action as editAction } from "~/routes/publications/$id";
import { action as newAction } from "~/routes/publications/new";
import { pickerStart } from "~/modules/publications/category-picker";
import type { Draft } from "~/modules/publications/draft";
import type { EditorActionData } from "~/routes/publications/editor-action.server";
import { useTestDatabase } from "../helpers/db";
import { publicationForm } from "../helpers/publication-form";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

/*
 * Issue 33 (3): the editor's category picker (the marketplace's tree, level by level, with a
 * breadcrumb) and the predictor's suggestions, both answered by the server over the editor, so they
 * work without JavaScript and keep what was typed (spec 1 §2).
 */

const database = await useTestDatabase({ demo: true });

type Answer = { data: EditorActionData; init: { status: number } | null };
type EditData = Awaited<ReturnType<typeof editLoader>>;

const typed: Omit<Draft, "id"> = {
  version: 0,
  title: "Cable Thw Escrito Sin Guardar",
  special: false,
  categoryId: "",
  listingType: "gold_special",
  store: "4979",
  attributes: {},
  autosync: false,
  priceSync: false,
  stockSync: false,
  warehouses: [],
  channels: ["marketplace"],
  premium: false,
  status: "active",
  linked: [{ sku: "THW12NE100", qty: 2, discount: 5 }],
  variations: [],
  gallery: [],
  description: { intro: "Intro escrita", body: "", closing: "" },
  productSearch: "",
  searchTarget: "flat",
  librarySearch: "",
};

const browse = (parent: string | null) => JSON.stringify({ type: "browse-category", parent });
const filter = (parent: string | null) => JSON.stringify({ type: "filter-categories", parent });

async function press(draft: Omit<Draft, "id">, intent: string, extra: Record<string, string> = {}): Promise<Answer> {
  const { cookie } = await loginAs("ml_manager");
  const form = publicationForm(draft, intent);
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  return (await settle(() => newAction(routeArgs({ request: makeRequest("/publications/new", { cookie, form }), params: {} })))) as Answer;
}

const names = (a: Answer) => a.data.view.picker?.options.map((o) => o.name);
const crumbs = (a: Answer) => a.data.view.picker?.path.map((o) => o.id);

describe("category picker", () => {
  it("opens at the top of the tree, then goes down level by level with its breadcrumb", async () => {
    const top = await press(typed, browse(null));
    expect(top.init?.status ?? 200).toBe(200);
    expect(top.data.view.picker).toMatchObject({ parent: null, path: [], total: 2, matched: 2, search: "", error: null });
    expect(names(top)).toEqual(["Construcción", "Hogar, Muebles y Jardín"]);

    const construction = await press(typed, browse("MLM1500"));
    expect(crumbs(construction)).toEqual(["MLM1500"]);
    expect(names(construction)).toEqual(["Material Eléctrico"]);

    const electric = await press(typed, browse("mlm187772"));
    expect(electric.data.view.picker).toMatchObject({ parent: "MLM187772", total: 9 });
    expect(crumbs(electric)).toEqual(["MLM1500", "MLM187772"]);
    expect(names(electric)).toContain("Cables Eléctricos");
    expect(names(electric)).toContain("Centros de carga");

    // The breadcrumb's first step goes back to the top.
    expect(names(await press(typed, browse(null)))).toEqual(["Construcción", "Hogar, Muebles y Jardín"]);
    // Browsing chooses nothing and keeps every field as typed.
    expect(electric.data.view.draft).toMatchObject({
      title: typed.title,
      categoryId: "",
      store: "4979",
      linked: typed.linked,
      description: typed.description,
    });
    expect(electric.data.result.intent).toBeUndefined();
  });

  it("opening a final category chooses it, loads its attributes, closes the picker and keeps the typed title", async () => {
    const chosen = await press(typed, browse("MLM187773"));
    expect(chosen.init?.status ?? 200).toBe(200);
    expect(chosen.data.view.picker).toBeNull();
    expect(chosen.data.view.draft).toMatchObject({
      categoryId: "MLM187773",
      title: typed.title,
      store: "4979",
      description: typed.description,
    });
    expect(chosen.data.view.category?.path.map((c) => c.name)).toEqual(["Construcción", "Material Eléctrico", "Cables Eléctricos"]);
    expect(chosen.data.view.attributes.required.map((a) => a.id)).toEqual(expect.arrayContaining(["BRAND", "CABLE_GAUGE", "CABLE_LENGTH"]));
    // Only the category travels back to a browser showing the form.
    expect(chosen.data.result.intent).toEqual({ type: "update", payload: { name: "categoryId", value: "MLM187773" } });
    expect(chosen.data.result.initialValue).toMatchObject({ title: typed.title, categoryId: "MLM187773" });
  });

  it("filters a level by the words typed, accents and case aside", async () => {
    const found = await press(typed, filter("MLM187772"), { categorySearch: "  INTERRUPTORES termo " });
    expect(found.data.view.picker).toMatchObject({ parent: "MLM187772", search: "INTERRUPTORES termo", matched: 1, total: 9 });
    expect(names(found)).toEqual(["Interruptores Termomagnéticos"]);
    const accents = await press(typed, filter("MLM187772"), { categorySearch: "electricos" });
    expect(names(accents)).toEqual(["Cables Eléctricos", "Otros Materiales Eléctricos"]);
    const none = await press(typed, filter(null), { categorySearch: "zapatos" });
    expect(none.data.view.picker).toMatchObject({ options: [], matched: 0, total: 2 });
    // Another level starts unfiltered.
    expect(names(await press(typed, browse("MLM1574"), { categorySearch: "zapatos" }))).toEqual(["Iluminación"]);
  });

  it("answers a filter too long or a category that is gone in the picker, and a forged intent with 400", async () => {
    const long = await press(typed, filter("MLM187772"), { categorySearch: "x".repeat(101) });
    expect(long.init?.status).toBe(400);
    expect(long.data.view.picker?.error).toBe("Escribe como máximo 100 caracteres.");
    expect(long.data.view.draft.title).toBe(typed.title);

    const gone = await press(typed, browse("MLM999999"));
    expect(gone.data.view.picker).toMatchObject({ parent: null, error: "La categoría ya no existe en Mercado Libre; elige otra." });
    expect(names(gone)).toEqual(["Construcción", "Hogar, Muebles y Jardín"]);

    for (const forged of [
      JSON.stringify({ type: "browse-category" }),
      JSON.stringify({ type: "browse-category", parent: "" }),
      JSON.stringify({ type: "browse-category", parent: "X".repeat(31) }),
    ]) {
      const res = await press(typed, forged);
      expect(res.init?.status, forged).toBe(400);
      expect(res.data.toast?.title).toBe("Acción desconocida");
      expect(res.data.view.picker).toBeNull();
    }
  });

  it("works the same in a stored publication's editor, opening at its category's level", async () => {
    const { cookie } = await loginAs("admin");
    const [{ id }] = await database.query<{ id: string }>(
      `select id from publications where category_id = 'MLM187773' order by id limit 1`,
    );
    const opened = (await settle(() =>
      editLoader(routeArgs({ request: makeRequest(`/publications/${id}`, { cookie }), params: { id } })),
    )) as EditData;
    const start = pickerStart(opened.view.category?.path);
    expect(start).toBe("MLM187772");
    const draft = { ...opened.view.draft, title: "Titulo Cambiado Sin Guardar" };
    const post = async (intent: string) =>
      (await settle(() =>
        editAction(
          routeArgs({
            request: makeRequest(`/publications/${id}?page=2`, { cookie, form: publicationForm(draft, intent) }),
            params: { id },
          }),
        ),
      )) as Answer;
    const level = await post(browse(start));
    expect(crumbs(level)).toEqual(["MLM1500", "MLM187772"]);
    const chosen = await post(browse("MLM187776"));
    expect(chosen.data.view.draft).toMatchObject({ id, categoryId: "MLM187776", title: "Titulo Cambiado Sin Guardar" });
    expect(chosen.data.view.category?.name).toBe("Centros de carga");
  });
});

describe("category predictor in a dialog", () => {
  it("suggests categories from the title; Usar sets one, loads its attributes and keeps the rest", async () => {
    const predicted = await press(typed, "predict");
    expect(predicted.data.view.predictions?.[0]).toMatchObject({ categoryId: "MLM187773", categoryName: "Cables Eléctricos" });
    expect(predicted.data.view.predictions!.length).toBeLessThanOrEqual(20);
    expect(predicted.data.view.draft.title).toBe(typed.title);
    const used = await press(typed, JSON.stringify({ type: "set-category", categoryId: "MLM187773" }));
    expect(used.data.view.predictions).toBeNull();
    expect(used.data.view.draft).toMatchObject({ categoryId: "MLM187773", title: typed.title, linked: typed.linked });
    expect(used.data.view.attributes.required.map((a) => a.id)).toContain("CABLE_GAUGE");
  });
});
