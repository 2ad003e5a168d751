import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestampTz, stampedNow } from "./columns";
import type { ImageRef } from "./catalog";

/**
 * The shop's blog (spec 2 'Blog post', items/blog_posts). `status` is the store's boolean
 * (published / draft); `publishAt` lets a published post wait for its day (a scheduled post).
 */
export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** Sanitised HTML (the same allowlist as the product description). */
    content: text("content").notNull().default(""),
    slug: text("slug").notNull(),
    /** true = published, false = draft. */
    status: boolean("status").notNull().default(false),
    /** When the shop may show it; null = as soon as it is published. */
    publishAt: timestampTz("publish_at"),
    featuredImage: jsonb("featured_image").$type<(ImageRef & { alt: string }) | null>(),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_key").on(t.slug),
    index("blog_posts_created_idx").on(t.createdAt, t.id),
    // The shop API's ETag of the blogs: the latest scheduled post already due (a few entries).
    index("blog_posts_scheduled_idx")
      .on(t.publishAt)
      .where(sql`${t.status} and ${t.publishAt} is not null`),
    index("blog_posts_title_trgm_idx").using(
      "gin",
      sql`translate(lower(${t.title}), 'áàäâãéèëêíìïîóòöôõúùüûñç', 'aaaaaeeeeiiiiooooouuuunc') gin_trgm_ops`,
    ),
  ],
);
