/**
 * The first import (docs/live-data.md, "First import"): how far each collection of the old content
 * back end has been copied, so a stopped import goes on exactly where it stopped.
 */
import { integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { stampedNow, timestampTz } from "./columns";

/** One row per upstream collection. Moves in the same transaction as the page of rows it counts. */
export const importProgress = pgTable("import_progress", {
  /** The upstream collection (items/{collection}, or users). */
  collection: text("collection").primaryKey(),
  /** The id of the last record read: the next page is filter[id][_gt]=last_id. */
  lastId: text("last_id"),
  read: integer("read").notNull().default(0),
  /** Rows inserted or changed here. */
  written: integer("written").notNull().default(0),
  refused: integer("refused").notNull().default(0),
  /**
   * The newest change upstream had when this collection's import began (JSON [stamp, id], as the
   * feeds keep their cursor): the live feed of the collection goes on after it.
   */
  feedKey: text("feed_key"),
  /** Categories or brands written without their parent, which came later: child id → parent id. */
  pendingParents: jsonb("pending_parents").$type<Record<string, number>>().notNull().default({}),
  startedAt: stampedNow("started_at"),
  finishedAt: timestampTz("finished_at"),
  updatedAt: stampedNow("updated_at"),
});

/** Upstream ids that are not the row's id here (users: the back end's id → users.id). */
export const importKeys = pgTable(
  "import_keys",
  {
    collection: text("collection").notNull(),
    upstreamId: text("upstream_id").notNull(),
    localId: text("local_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.collection, t.upstreamId] })],
);
