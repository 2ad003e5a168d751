import { asc, desc, eq, inArray, like, sql, type SQL } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { catalogs, files } from "@server/db/schema";
import { totalOf } from "~/lib/list.server";
import { foldedContains } from "~/lib/folded-search";
import { audit } from "~/modules/logs/audit.server";
import { storeImage } from "~/modules/files/files.server";
import { changesBetween, type Actor, type CommandResult } from "./records.server";
import { resolveProducts, searchSectionProducts } from "./shop-sections.server";
import {
  CATALOGS_PAGE_SIZE,
  CATALOG_IMAGE,
  CATALOG_TEXTS,
  CatalogAltSchema,
  CatalogSubtitlesSchema,
  CatalogTitleSchema,
  applyCatalogAction,
  catalogActionFrom,
  readCatalogDraft,
  type CatalogFormState,
  type CatalogImage,
  type CatalogListQuery,
  type CatalogRow,
  type CatalogSubtitle,
} from "./catalogs";

const TAGS = ["content", "catalogs"];

// ---------------------------------------------------------------------------------------------------
// Queries

/** Title contains the term, ignoring case and accents (the same fold as the other content lists). */
export function catalogListWhere(query: Pick<CatalogListQuery, "search">): SQL | undefined {
  if (!query.search) return undefined;
  return foldedContains(catalogs.title, query.search);
}

/** Newest first unless a column is chosen; id breaks ties so pages never overlap. */
function listOrder(query: Pick<CatalogListQuery, "sortName" | "sortValue">): SQL[] {
  const dir = query.sortValue === "desc" ? desc : asc;
  if (query.sortName === "title") return [dir(catalogs.title), dir(catalogs.id)];
  if (query.sortName === "id") return [dir(catalogs.id)];
  return [desc(catalogs.id)];
}

export async function listCatalogs(query: CatalogListQuery) {
  const db = getDb();
  const where = catalogListWhere(query);
  const found = await db
    .select({
      id: catalogs.id,
      title: catalogs.title,
      subtitleCount: sql<number>`jsonb_array_length(${catalogs.subtitles})`.mapWith(Number),
      productCount: sql<number>`(select coalesce(sum(jsonb_array_length(s->'products')), 0) from jsonb_array_elements(${catalogs.subtitles}) s)`.mapWith(Number),
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(catalogs)
    .where(where)
    .orderBy(...listOrder(query))
    .limit(CATALOGS_PAGE_SIZE)
    .offset((query.page - 1) * CATALOGS_PAGE_SIZE);
  const total = await totalOf(found, query.page, async () => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(catalogs).where(where))[0]?.n ?? 0);
  const rows: CatalogRow[] = found.map(({ total: _total, ...row }) => row);
  return { rows, total, page: query.page, pageSize: CATALOGS_PAGE_SIZE };
}

export async function getCatalog(id: number) {
  const [row] = await getDb()
    .select({ id: catalogs.id, title: catalogs.title, images: catalogs.images, subtitles: catalogs.subtitles })
    .from(catalogs)
    .where(eq(catalogs.id, id))
    .limit(1);
  if (!row) return null;
  const images: CatalogImage[] = row.images.map((img) => ({ fileId: img.fileId, url: img.url, name: img.name ?? "", origin: img.origin ?? "upload", alt: img.alt ?? "" }));
  return { id: row.id, title: row.title, images, subtitles: row.subtitles };
}

/**
 * The posted images as the catalogue keeps them: one it already had keeps its origin; any other must
 * still be an image of the files library (a forged id is dropped).
 */
async function resolveImages(posted: Array<{ fileId: string; alt: string }>, stored: CatalogImage[]): Promise<CatalogImage[]> {
  if (posted.length === 0) return [];
  const found = await getDb()
    .select({ id: files.id, name: files.filenameDownload, origin: files.origin })
    .from(files)
    .where(sql`${inArray(files.id, posted.map((p) => p.fileId))} and ${like(files.mimeType, "image/%")}`);
  const byId = new Map(found.map((f) => [f.id, f]));
  return posted.flatMap((p) => {
    const file = byId.get(p.fileId);
    if (!file) return [];
    const kept = stored.find((s) => s.fileId === p.fileId);
    return [{ fileId: file.id, url: `/files/${file.id}`, name: file.name, origin: kept?.origin ?? file.origin ?? "upload", alt: p.alt }];
  });
}

// ---------------------------------------------------------------------------------------------------
// Commands

type CatalogValues = { title: string; images: CatalogImage[]; subtitles: CatalogSubtitle[] };

/** Creates (id null: the spec's id 0) or updates a catalogue, with its audit entry, in one transaction. */
export function saveCatalog(id: number | null, values: CatalogValues, actor: Actor): Promise<CommandResult<{ id: number; created: boolean }>> {
  const row = {
    title: values.title,
    images: values.images.map(({ fileId, url, name, origin, alt }) => ({ fileId, url, name, origin, alt })),
    subtitles: values.subtitles.map((s) => ({ title: s.title, products: s.products.map(({ id, qty }) => ({ id, qty })) })),
  };
  return getDb().transaction(async (tx) => {
    const entry = { tags: TAGS, userId: actor?.id ?? null };
    if (id === null) {
      const [created] = await tx.insert(catalogs).values(row).returning({ id: catalogs.id });
      await audit({ ...entry, message: `Catálogo creado: ${row.title}`, type: "create", identifier: created.id, detail: row }, tx);
      return { ok: true, value: { id: created.id, created: true } };
    }
    const [current] = await tx.select().from(catalogs).where(eq(catalogs.id, id)).for("update").limit(1);
    if (!current) return { ok: false, reason: "not-found" };
    await tx.update(catalogs).set({ ...row, updatedAt: new Date() }).where(eq(catalogs.id, id));
    await audit({ ...entry, message: `Catálogo actualizado: ${row.title}`, type: "update", identifier: id, detail: { changes: changesBetween(current, row) } }, tx);
    return { ok: true, value: { id, created: false } };
  });
}

/** Deletes the catalogue; its images stay in the files library (other records may use them). */
export function deleteCatalog(id: number, actor: Actor): Promise<CommandResult<{ id: number; title: string }>> {
  return getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(catalogs).where(eq(catalogs.id, id)).for("update").limit(1);
    if (!current) return { ok: false, reason: "not-found" };
    await tx.delete(catalogs).where(eq(catalogs.id, id));
    const { createdAt: _c, updatedAt: _u, ...kept } = current;
    await audit({ message: `Catálogo eliminado: ${current.title}`, type: "delete", tags: TAGS, identifier: id, userId: actor?.id ?? null, detail: kept }, tx);
    return { ok: true, value: { id, title: current.title } };
  });
}

// ---------------------------------------------------------------------------------------------------
// The edit dialog

export type Catalog = NonNullable<Awaited<ReturnType<typeof getCatalog>>>;

const newRev = () => Math.random().toString(36).slice(2, 10);

export const emptyCatalogForm = (): CatalogFormState => ({ title: "", images: [], subtitles: [], newSubtitle: "", errors: {}, imageError: null, rev: newRev() });

/** The dialog as a stored catalogue opens it. */
export async function catalogFormOf(catalog: Catalog): Promise<CatalogFormState> {
  const subtitles = await Promise.all(catalog.subtitles.map(async (s) => ({ title: s.title, products: await resolveProducts(s.products), q: "", results: null })));
  return { ...emptyCatalogForm(), title: catalog.title, images: catalog.images, subtitles };
}

/** What one post of the dialog comes to: saved, the catalogue gone meanwhile, or the dialog drawn again. */
export type CatalogFormStep = { kind: "saved" } | { kind: "not-found" } | { kind: "form"; form: CatalogFormState; status: 200 | 400 };

/**
 * Every button of the dialog posts the whole (multipart) form here and gets the dialog drawn again
 * from what was posted, so it all works without JavaScript. A chosen file is uploaded by any post
 * (Subir imagen or Guardar); a refused one keeps the rest of the state. Only Guardar writes.
 * `stored` null creates.
 */
export async function catalogFormStep(stored: Catalog | null, formData: FormData, actor: { id: number }): Promise<CatalogFormStep> {
  const id = stored?.id ?? null;
  const posted = readCatalogDraft(formData);
  const action = catalogActionFrom(formData, posted.subtitles.length);
  const draft = applyCatalogAction(posted, action);
  const images = await resolveImages(draft.images, stored?.images ?? []);

  let imageError: CatalogFormState["imageError"] = null;
  const file = formData.get("imageUpload");
  if (file instanceof File && file.name !== "" && action.type !== "remove-image") {
    const uploaded = await storeImage(file, actor.id, {
      ...CATALOG_IMAGE,
      invalidMessage: CATALOG_TEXTS.imageInvalid,
      existsMessage: CATALOG_TEXTS.imageExists,
    });
    if (uploaded.ok) {
      images.push({ fileId: uploaded.image.fileId, url: uploaded.image.url, name: uploaded.image.name, origin: "upload", alt: "" });
      await audit({ message: `Imagen ${uploaded.image.name} subida`, type: "create", tags: [...TAGS, "archivos"], identifier: uploaded.image.fileId, userId: actor.id });
    } else {
      imageError = { title: uploaded.title, message: uploaded.message };
    }
  }

  const subtitles = await Promise.all(
    draft.subtitles.map(async (s) => ({ title: s.title, products: await resolveProducts(s.products), q: s.q })),
  );

  if (action.type === "save") {
    const title = CatalogTitleSchema.safeParse(draft.title);
    const lists = CatalogSubtitlesSchema.safeParse(subtitles.map((s) => ({ title: s.title, products: s.products.map(({ id, qty }) => ({ id, qty })) })));
    const alts = images.map((img) => CatalogAltSchema.safeParse(img.alt));
    const altProblem = alts.find((a) => !a.success);
    if (title.success && lists.success && !posted.badQty && !altProblem && !imageError) {
      const saved = await saveCatalog(id, { title: title.data, images, subtitles: lists.data }, actor);
      return saved.ok ? { kind: "saved" } : { kind: "not-found" };
    }
    const subtitleErrors = [
      ...(lists.success ? [] : [...new Set(lists.error.issues.map((i) => i.message))]),
      ...(posted.badQty ? [CATALOG_TEXTS.qtyInvalid] : []),
    ];
    const form: CatalogFormState = {
      title: draft.title,
      images,
      subtitles: await withResults(subtitles),
      newSubtitle: draft.newSubtitle,
      errors: {
        title: title.success ? undefined : title.error.issues.map((i) => i.message),
        subtitles: subtitleErrors.length ? subtitleErrors : undefined,
        images: altProblem && !altProblem.success ? [CATALOG_TEXTS.altTooLong] : undefined,
      },
      imageError,
      rev: newRev(),
    };
    return { kind: "form", form, status: 400 };
  }

  const form: CatalogFormState = {
    title: draft.title,
    images,
    subtitles: await withResults(subtitles),
    newSubtitle: draft.newSubtitle,
    errors: {},
    imageError,
    rev: newRev(),
  };
  return { kind: "form", form, status: imageError ? 400 : 200 };
}

/** Each subtitle with a search term shows its matches, so several products can be added in a row. */
function withResults(subtitles: Array<Omit<CatalogFormState["subtitles"][number], "results">>) {
  return Promise.all(subtitles.map(async (s) => ({ ...s, results: s.q ? await searchSectionProducts(s.q) : null })));
}
