import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, brands, categories, files, products } from "../../server/db/schema";
import { unpackTree, type TreeTaxonomy } from "~/modules/catalog/tree-taxonomy";
import type { TreeActionData } from "~/routes/taxonomies/tree-taxonomy-route.server";
import * as catList from "~/routes/taxonomies/product-categories";
import * as catNew from "~/routes/taxonomies/product-categories.new";
import * as catEdit from "~/routes/taxonomies/product-categories.$categoryId";
import * as catDelete from "~/routes/taxonomies/product-categories.$categoryId.delete";
import * as catFiles from "~/routes/taxonomies/product-categories.$categoryId.files";
import * as brandList from "~/routes/taxonomies/product-brands";
import * as brandNew from "~/routes/taxonomies/product-brands.new";
import * as brandEdit from "~/routes/taxonomies/product-brands.$brandId";
import * as brandDelete from "~/routes/taxonomies/product-brands.$brandId.delete";
import * as brandFiles from "~/routes/taxonomies/product-brands.$brandId.files";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";
import {
  callRoute,
  dataOf,
  pngFile,
  statusOf,
  taxonomyHandlers,
  toastOf,
  type PostedFields,
  type RouteHandler,
} from "../helpers/catalog-routes";
import { uniqueName as unique } from "../helpers/content-routes";

await useTestDatabase();

/** Both route sets through one table, so each rule is checked for categories and brands. */
const KINDS = {
  categories: {
    path: "/product-categories",
    param: "categoryId",
    table: categories,
    productColumn: "categoryId" as const,
    ...taxonomyHandlers({ list: catList, create: catNew, edit: catEdit, remove: catDelete }),
    files: catFiles.loader as RouteHandler,
    cycle: "Una categoría no puede quedar dentro de sí misma ni de una de sus subcategorías.",
    taken: "Ya existe una categoría con ese nombre.",
    created: "Categoría creada",
    updated: "Categoría actualizada",
    deleted: "Categoría",
  },
  brands: {
    path: "/product-brands",
    param: "brandId",
    table: brands as unknown as typeof categories,
    productColumn: "brandId" as const,
    ...taxonomyHandlers({ list: brandList, create: brandNew, edit: brandEdit, remove: brandDelete }),
    files: brandFiles.loader as RouteHandler,
    cycle: "Una marca no puede quedar dentro de sí misma ni de una de sus submarcas.",
    taken: "Ya existe una marca con ese nombre.",
    created: "Marca creada",
    updated: "Marca actualizada",
    deleted: "Marca",
  },
} as const;
const BOTH = Object.keys(KINDS) as TreeTaxonomy[];

const idParams = (kind: TreeTaxonomy, id: number | string) => ({ [KINDS[kind].param]: String(id) });
const create = (kind: TreeTaxonomy, form: PostedFields, cookie: string, query = "") =>
  callRoute(KINDS[kind].create, `${KINDS[kind].path}/new${query}`, cookie, { form });
const update = (kind: TreeTaxonomy, id: number, form: PostedFields, cookie: string) =>
  callRoute(KINDS[kind].update, `${KINDS[kind].path}/${id}`, cookie, { params: idParams(kind, id), form });
const open = (kind: TreeTaxonomy, id: number | string, cookie: string, query = "") =>
  callRoute(KINDS[kind].open, `${KINDS[kind].path}/${id}${query}`, cookie, { params: idParams(kind, id) });
const confirm = (kind: TreeTaxonomy, id: number, cookie: string) =>
  callRoute(KINDS[kind].confirm, `${KINDS[kind].path}/${id}/delete`, cookie, { params: idParams(kind, id) });
const remove = (kind: TreeTaxonomy, id: number, cookie: string) =>
  callRoute(KINDS[kind].remove, `${KINDS[kind].path}/${id}/delete`, cookie, { params: idParams(kind, id), form: {} });
const list = (kind: TreeTaxonomy, query: string, cookie: string) =>
  callRoute(KINDS[kind].list, `${KINDS[kind].path}${query}`, cookie) as Promise<Awaited<ReturnType<typeof catList.loader>> | Response>;

const answer = (res: unknown) => dataOf<TreeActionData>(res);
const png = (name: string, width: number, height: number) => pngFile(name, width, height, { r: 20, g: 90, b: 200 });
async function node(kind: TreeTaxonomy, name: string) {
  const { table } = KINDS[kind];
  return (await getDb().select().from(table).where(eq(table.name, name)))[0];
}
async function made(kind: TreeTaxonomy, name: string, parentId: number | null = null) {
  const { table } = KINDS[kind];
  const [row] = await getDb()
    .insert(table)
    .values({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), parentId })
    .returning();
  return row;
}

const admin = await loginAs("admin");
const developer = await loginAs("developer");
const manager = await loginAs("ml_manager");
const inventory = await loginAs("inventory");
const practicante = await loginAs("practicante");

describe.each(BOTH)("%s access (spec 2 route table, spec 6 delete)", (kind) => {
  const k = KINDS[kind];
  it("lets Admin, Developer, MercadoLibre Manager, Inventory and Practicante in; others go home", async () => {
    for (const who of [admin, developer, manager, inventory, practicante]) {
      const res = await list(kind, "", who.cookie);
      expect(res).not.toBeInstanceOf(Response);
    }
    for (const role of ["shop_manager", "iluminacion", "cajero", "surtido"] as const) {
      const who = await loginAs(role);
      const res = await list(kind, "", who.cookie);
      expect(res).toBeInstanceOf(Response);
      expect([302, 303]).toContain((res as Response).status);
      const saved = await create(kind, { name: unique("Nope") }, who.cookie);
      expect(saved).toBeInstanceOf(Response);
      expect((saved as Response).headers.get("Location")).not.toMatch(new RegExp(k.path));
    }
    const anonymous = await callRoute(k.list, k.path, undefined);
    expect((anonymous as Response).headers.get("Location")).toMatch(/^\/login/);
  });

  it("lets only Admin and Developer delete; the others get 'Sin permiso' on the confirmation and the action", async () => {
    const item = await made(kind, unique("Borrable"));
    for (const who of [manager, inventory, practicante]) {
      for (const res of [await confirm(kind, item.id, who.cookie), await remove(kind, item.id, who.cookie)]) {
        expect(res).toBeInstanceOf(Response);
        expect((await toastOf(res))?.title).toBe("Sin permiso");
      }
    }
    expect(await node(kind, item.name)).toBeDefined();
    const res = await remove(kind, item.id, developer.cookie);
    expect((await toastOf(res))?.message).toBe("Se ha eliminado exitosamente");
    expect((await toastOf(res))?.title).toBe(k.deleted);
    expect(await node(kind, item.name)).toBeUndefined();
  });
});

describe.each(BOTH)("%s list", (kind) => {
  it("is a tree by default: children under their parent, the total in the title, search keeps the path to a match", async () => {
    const root = await made(kind, unique("Raíz"));
    const child = await made(kind, unique("Hijo"), root.id);
    const grandchild = await made(kind, unique("Nieto zeta"), child.id);
    const page = (await list(kind, "", inventory.cookie)) as Exclude<Awaited<ReturnType<typeof list>>, Response>;
    expect(page.view).toBe("tree");
    const all = await getDb().select().from(KINDS[kind].table);
    expect(page.total).toBe(all.length);
    const top = unpackTree(page.tree!).find((n) => n.id === root.id)!;
    expect(top.children.map((c) => c.id)).toEqual([child.id]);
    expect(top.children[0].children.map((c) => c.id)).toEqual([grandchild.id]);

    const found = (await list(kind, `?search=${encodeURIComponent(grandchild.name.toUpperCase())}`, inventory.cookie)) as typeof page;
    expect(found.total).toBe(1);
    const foundTree = unpackTree(found.tree!);
    expect(foundTree.map((n) => n.id)).toEqual([root.id]);
    expect(foundTree[0].match ?? false).toBe(false);
    expect(foundTree[0].children[0].children[0]).toMatchObject({ id: grandchild.id, match: true });
  });

  it("has a table view, paged (spec 9: categories 10 a page, brands limit 200), sorted by the URL, bad values falling back", async () => {
    const page = (await list(kind, "?view=table&sortName=id&sortValue=DESC", inventory.cookie)) as Exclude<
      Awaited<ReturnType<typeof list>>,
      Response
    >;
    expect(page.view).toBe("table");
    expect(page.table!.pageSize).toBe(kind === "categories" ? 10 : 200);
    expect(page.table!.rows).toHaveLength(Math.min(page.table!.total, page.table!.pageSize));
    const ids = page.table!.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const bad = (await list(kind, "?view=nada&sortName=x&page=abc", inventory.cookie)) as typeof page;
    expect(bad.view).toBe("tree");
  });
});

describe.each(BOTH)("%s dialog", (kind) => {
  const k = KINDS[kind];
  it("creates with the taxonomy slug, parent 0 meaning none, and the spec's toast; keeps the list query", async () => {
    const name = unique("  Iluminación   exterior/LED ");
    const res = await create(kind, { name, parentId: "0" }, manager.cookie, "?view=table&page=2");
    expect((res as Response).headers.get("Location")).toBe(`${k.path}?view=table&page=2`);
    const toast = await toastOf(res);
    expect(toast).toMatchObject({ title: k.created, message: "Se ha creado exitosamente" });
    const row = await node(kind, name.trim().replace(/\s+/g, " "));
    expect(row.parentId).toBeNull();
    expect(row.slug).toMatch(/^iluminacion-exterior-led-[a-z0-9]+$/);
    const audits = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.identifier, String(row.id)));
    expect(audits.some((a) => a.tags.includes(kind) && a.type === "create")).toBe(true);
  });

  it("refuses a node as its own parent, or under its own descendant, with a message; nothing changes", async () => {
    const parent = await made(kind, unique("Padre"));
    const child = await made(kind, unique("Sub"), parent.id);
    const self = await update(kind, child.id, { name: child.name, parentId: String(child.id) }, inventory.cookie);
    expect(statusOf(self)).toBe(400);
    expect(answer(self).fieldErrors.parentId).toEqual([k.cycle]);
    const loop = await update(kind, parent.id, { name: parent.name, parentId: String(child.id) }, inventory.cookie);
    expect(statusOf(loop)).toBe(400);
    expect(answer(loop).fieldErrors.parentId).toEqual([k.cycle]);
    expect((await node(kind, parent.name)).parentId).toBeNull();
    expect((await node(kind, child.name)).parentId).toBe(parent.id);
    // Moving the child elsewhere is fine.
    const other = await made(kind, unique("Otro"));
    const moved = await update(kind, child.id, { name: child.name, parentId: String(other.id) }, inventory.cookie);
    expect(await toastOf(moved)).toMatchObject({ title: k.updated, message: "Se ha actualizado exitosamente" });
    expect((await node(kind, child.name)).parentId).toBe(other.id);
  });

  it("refuses an unknown parent, a taken name (any case), an empty name, and a stale version", async () => {
    const a = await made(kind, unique("Nombre"));
    const missing = await create(kind, { name: unique("X"), parentId: "2000000000" }, inventory.cookie);
    expect(statusOf(missing)).toBe(400);
    expect(answer(missing).fieldErrors.parentId?.[0]).toMatch(/ya no existe/);
    const taken = await create(kind, { name: a.name.toUpperCase() }, inventory.cookie);
    expect(answer(taken).fieldErrors.name).toEqual([k.taken]);
    const empty = await create(kind, { name: "   " }, inventory.cookie);
    expect(answer(empty).fieldErrors.name).toEqual(["Ingresa el nombre"]);
    const stale = await update(kind, a.id, { name: `${a.name} b`, version: "2001-01-01T00:00:00.000Z" }, inventory.cookie);
    expect(statusOf(stale)).toBe(409);
    expect(answer(stale).toast?.message).toMatch(/Otra persona guardó/);
    expect(await node(kind, a.name)).toBeDefined();
  });

  it("answers 404 for an unknown or malformed id, and the virtual 0 is not a record", async () => {
    for (const id of ["999999999", "abc", "0"]) {
      const res = await open(kind, id, inventory.cookie);
      expect(statusOf(res)).toBe(404);
    }
  });

  it("stores images by slot with their minimum sizes (cover 1800×600, square 1500×1500) and alt text; a small one is refused and nothing is written", async () => {
    const before = (await getDb().select().from(files)).length;
    const small = await create(
      kind,
      { name: unique("Img"), intent: "save", coverUpload: await png(`${unique("cov")}.png`, 1500, 500) },
      admin.cookie,
    );
    expect(statusOf(small)).toBe(422);
    expect(answer(small).toast).toMatchObject({
      title: "Imagen no válida",
      message: "Lo sentimos, la imagen no cumple con las dimensiones mínimas (1800x600)",
    });
    expect((await getDb().select().from(files)).length).toBe(before);

    const squareSmall = await create(
      kind,
      { name: unique("Img"), imageUpload: await png(`${unique("sq")}.png`, 1400, 1500) },
      admin.cookie,
    );
    expect(answer(squareSmall).toast?.message).toBe("Lo sentimos, la imagen no cumple con las dimensiones mínimas (1500x1500)");

    const name = unique("Con imagen");
    const coverName = `${unique("cover").replace(/ /g, "-")}.png`;
    const uploaded = await create(
      kind,
      {
        name,
        intent: "upload",
        coverUpload: await png(coverName, 1800, 600),
        imageUpload: await png(`${unique("feat").replace(/ /g, "-")}.png`, 1500, 1500),
      },
      admin.cookie,
    );
    expect(statusOf(uploaded)).toBe(200);
    const draft = answer(uploaded).draft;
    expect(draft.cover.fileId).toBeTruthy();
    expect(draft.image.fileId).toBeTruthy();
    const saved = await create(
      kind,
      { name, "cover.fileId": draft.cover.fileId!, "cover.alt": "Portada", "image.fileId": draft.image.fileId!, "image.alt": "Destacada" },
      admin.cookie,
    );
    expect(saved).toBeInstanceOf(Response);
    const row = await node(kind, name);
    expect(row.cover).toMatchObject({ fileId: draft.cover.fileId, alt: "Portada", name: coverName });
    expect(row.image).toMatchObject({ fileId: draft.image.fileId, alt: "Destacada" });

    const again = await create(kind, { name: unique("Dup"), coverUpload: await png(coverName, 1800, 600) }, admin.cookie);
    expect(answer(again).toast).toMatchObject({
      title: "Imagen ya existente",
      message: `Error al guardar, la imagen ${coverName} ya existe.`,
    });

    const removed = await update(
      kind,
      row.id,
      { name, intent: "remove:cover", "cover.fileId": draft.cover.fileId!, "image.fileId": draft.image.fileId! },
      admin.cookie,
    );
    expect(answer(removed).draft.cover.fileId).toBeUndefined();
    expect(answer(removed).draft.image.fileId).toBe(draft.image.fileId);
  });

  it("takes a pick from Archivos subidos into the slot it was opened for", async () => {
    const item = await made(kind, unique("Pick"));
    const [file] = await getDb().select().from(files).where(eq(files.mimeType, "image/webp")).limit(1);
    const lib = await callRoute(k.files, `${k.path}/${item.id}/files?for=image`, inventory.cookie, { params: idParams(kind, item.id) });
    expect((lib as { openerPath: string }).openerPath).toBe(`${k.path}/${item.id}`);
    const res = (await open(kind, item.id, inventory.cookie, `?pick=${file.id}&for=image`)) as Awaited<ReturnType<typeof catEdit.loader>>;
    expect(res.draft.image.fileId).toBe(file.id);
    expect(res.draft.cover.fileId).toBeUndefined();
  });
});

describe.each(BOTH)("%s delete rules", (kind) => {
  const k = KINDS[kind];
  it("refuses a node with children or products, naming them; nothing is deleted", async () => {
    const parent = await made(kind, unique("Con hijos"));
    const kid = await made(kind, unique("Hija"), parent.id);
    const sku = `T${Date.now().toString(36).toUpperCase()}`;
    await getDb()
      .insert(products)
      .values({ id: sku, name: "Producto", slug: "p", [k.productColumn]: parent.id });
    const shown = (await confirm(kind, parent.id, admin.cookie)) as { refusal: string | null };
    expect(shown.refusal).toContain(kid.name);
    expect(shown.refusal).toContain(sku);
    const res = await remove(kind, parent.id, admin.cookie);
    expect(statusOf(res)).toBe(409);
    expect((res as unknown as { data: { refusal: string } }).data.refusal).toMatch(
      new RegExp(`^No se puede eliminar .*«${parent.name}»: tiene 1 sub\\S+ \\(«${kid.name}»\\) y 1 producto \\(«${sku}»\\)`),
    );
    expect(await node(kind, parent.name)).toBeDefined();
  });
});

describe("category-only rules", () => {
  it("never deletes category 192 (spec 6), even for Admin", async () => {
    await getDb()
      .insert(categories)
      .values({ id: 192, name: unique("Protegida"), slug: unique("protegida").replace(/ /g, "-") })
      .onConflictDoNothing();
    const shown = (await confirm("categories", 192, admin.cookie)) as { refusal: string | null };
    expect(shown.refusal).toBe("Categoría 192 está protegida y no se puede eliminar.");
    const res = await remove("categories", 192, developer.cookie);
    expect(statusOf(res)).toBe(409);
    expect((await getDb().select().from(categories).where(eq(categories.id, 192))).length).toBe(1);
    const dialog = (await open("categories", 192, admin.cookie)) as Awaited<ReturnType<typeof catEdit.loader>>;
    expect(dialog.canDelete).toBe(false);
  });
});
