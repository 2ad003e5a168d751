import { and, asc, desc, eq, ne, or, sql, like, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@server/db/client";
import { blogPosts } from "@server/db/schema";
import { foldedContains } from "~/lib/folded-search";
import { countOf, totalOf, windowTotal } from "~/lib/list.server";
import { cleanRichText } from "~/modules/files/rich-text.server";
import { audit } from "~/modules/logs/audit.server";
import { pickedLibraryImage, uploadRecordImage } from "~/modules/files/record-image.server";
import type { UploadRefusal } from "~/modules/files/images.server";
import { changesBetween } from "~/modules/content/records.server";
import { parsePublishAt } from "./publish-at";
import { blogSlug, freeSlug } from "@common/blog-slug";
import { BLOG_PAGE_SIZE, type BlogImage, type BlogListQuery, type BlogPost, type BlogRow } from "./blog-posts";
import type { BlogInput } from "./blog-form";
import { escapeLike } from "~/lib/like-pattern";

export type Actor = { id: number } | null;
/** `removedFileLinks`: the content pointed at stored files that are not the library's, and they were taken out. */
export type SaveResult =
  { ok: true; value: { id: number; slug: string; created: boolean; removedFileLinks: boolean } } | { ok: false; reason: "missing" };

const TAGS = ["content", "blogs"];

// ---------------------------------------------------------------------------------------------------
// Queries

const rowColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  status: blogPosts.status,
  publishAt: blogPosts.publishAt,
  createdAt: blogPosts.createdAt,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const blogListWhere = (query: BlogListQuery) => (query.search ? foldedContains(blogPosts.title, query.search) : undefined);

/**
 * Newest first unless a column is chosen (decision 0017; the `created_at, id` index serves it); the
 * id breaks ties so pages never overlap, and posts without a publication date go last either way.
 */
function blogListOrder(query: Pick<BlogListQuery, "sortName" | "sortValue">): SQL[] {
  const dir = query.sortValue === "desc" ? desc : asc;
  switch (query.sortName) {
    case "id":
      return [dir(blogPosts.id)];
    case "title":
      return [dir(blogPosts.title), dir(blogPosts.id)];
    case "publishAt":
      return [
        query.sortValue === "desc" ? sql`${blogPosts.publishAt} desc nulls last` : sql`${blogPosts.publishAt} asc nulls last`,
        dir(blogPosts.id),
      ];
    case "createdAt":
      return [dir(blogPosts.createdAt), dir(blogPosts.id)];
    default:
      return [desc(blogPosts.createdAt), desc(blogPosts.id)];
  }
}

/** Spec 7: title contains the term, sorted by the chosen column, 10 a page, the total as a window (the bench times it too). */
export function blogPostsPageQuery(db: Pick<Db, "select">, query: BlogListQuery) {
  return db
    .select({ ...rowColumns, total: windowTotal() })
    .from(blogPosts)
    .where(blogListWhere(query))
    .orderBy(...blogListOrder(query))
    .limit(BLOG_PAGE_SIZE)
    .offset((query.page - 1) * BLOG_PAGE_SIZE);
}

/** The page with its total (a count of its own only past the end). */
export async function listBlogPosts(query: BlogListQuery) {
  const db = getDb();
  const where = blogListWhere(query);
  const found = await blogPostsPageQuery(db, query);
  const total = await totalOf(found, query.page, countOf(blogPosts, where));
  const rows: BlogRow[] = found.map(({ total: _t, publishAt, createdAt, ...row }) => ({
    ...row,
    publishAt: iso(publishAt),
    createdAt: createdAt.toISOString(),
  }));
  return { rows, total, page: query.page, pageSize: BLOG_PAGE_SIZE };
}

export async function getBlogPost(id: number): Promise<BlogPost | null> {
  const [row] = await getDb()
    .select({ ...rowColumns, content: blogPosts.content, featuredImage: blogPosts.featuredImage })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  if (!row) return null;
  return { ...row, publishAt: iso(row.publishAt), createdAt: row.createdAt.toISOString(), featuredImage: row.featuredImage ?? null };
}

// ---------------------------------------------------------------------------------------------------
// Commands

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/** The slug for this title that no other post uses (the post's own slug does not clash with itself). */
async function slugFor(tx: Tx, title: string, ownId: number | null): Promise<string> {
  const base = blogSlug(title);
  const escaped = escapeLike(base);
  const rows = await tx
    .select({ slug: blogPosts.slug })
    .from(blogPosts)
    .where(and(or(eq(blogPosts.slug, base), like(blogPosts.slug, `${escaped}-%`)), ownId === null ? undefined : ne(blogPosts.id, ownId)));
  return freeSlug(base, new Set(rows.map((r) => r.slug)));
}

/**
 * Creates (id null) or updates a post, in one transaction with its audit entry. The content is
 * sanitised here, whatever the form sent (links to stored files only to the library's); the slug follows the title and gets a suffix on a clash.
 * Saves are serialised by a transaction lock so two posts with one title never pick the same slug.
 */
export async function saveBlogPost(id: number | null, input: BlogInput, image: BlogImage | null, actor: Actor): Promise<SaveResult> {
  const { html: content, removedFileLinks } = await cleanRichText(input.content);
  const publishAt = input.publishAt ? parsePublishAt(input.publishAt) : null;
  const featuredImage = image ? { ...image, alt: input.imageAlt } : null;
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('blog_posts.slug'))`);
    const entry = { tags: TAGS, userId: actor?.id ?? null };
    if (id === null) {
      const slug = await slugFor(tx, input.title, null);
      const values = { title: input.title, content, slug, status: input.status, publishAt, featuredImage };
      const [created] = await tx.insert(blogPosts).values(values).returning({ id: blogPosts.id });
      await audit({ ...entry, message: `Blog creado: ${input.title}`, type: "create", identifier: created.id, detail: values }, tx);
      return { ok: true, value: { id: created.id, slug, created: true, removedFileLinks } };
    }
    const [current] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update").limit(1);
    if (!current) return { ok: false, reason: "missing" };
    const slug = current.title === input.title ? current.slug : await slugFor(tx, input.title, id);
    const values = { title: input.title, content, slug, status: input.status, publishAt, featuredImage };
    await tx
      .update(blogPosts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(blogPosts.id, id));
    await audit(
      {
        ...entry,
        message: `Blog actualizado: ${input.title}`,
        type: "update",
        identifier: id,
        detail: { changes: changesBetween(current, values) },
      },
      tx,
    );
    return { ok: true, value: { id, slug, created: false, removedFileLinks } };
  });
}

// ---------------------------------------------------------------------------------------------------
// The featured image

/** An image of the files library, as a post holds it (null: no such image any more); its alt is typed in the dialog. */
export async function libraryBlogImage(fileId: string): Promise<BlogImage | null> {
  const found = await pickedLibraryImage(fileId);
  return found ? { ...found, alt: "" } : null;
}

/** Uploads a chosen file to the library (audited) and gives it as the post's image, or the refusal. */
export async function uploadBlogImage(file: File, actor: { id: number }): Promise<{ ok: true; image: BlogImage } | UploadRefusal> {
  const uploaded = await uploadRecordImage(file, actor, TAGS);
  return uploaded.ok ? { ok: true, image: { ...uploaded.image, alt: "" } } : uploaded;
}
