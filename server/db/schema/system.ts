import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, serial, text, uuid, uniqueIndex } from "drizzle-orm/pg-core";
import { stampedNow, timestampTz } from "./columns";
import { users } from "./auth";

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    createdAt: stampedNow("created_at"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    type: text("type").notNull().default("info"),
    identifier: text("identifier"),
    detail: jsonb("detail"),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_log_search_trgm").using("gin", sql`(${t.message} || ' ' || coalesce(${t.identifier}, '')) gin_trgm_ops`),
  ],
);

export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    filenameDisk: text("filename_disk").notNull(),
    filenameDownload: text("filename_download").notNull(),
    title: text("title"),
    alt: text("alt"),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    origin: text("origin").notNull().default("upload"),
    variants: jsonb("variants").$type<Array<{ name: string; width: number; height: number; disk: string }>>().notNull().default([]),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
  },
  (t) => [uniqueIndex("files_download_name_uq").on(sql`lower(${t.filenameDownload})`), index("files_created_idx").on(t.createdAt.desc())],
);

/** Small key/value settings editable by staff (package managers, seller footer, dollar price…). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: stampedNow("updated_at"),
});

export const cannedReplies = pgTable("canned_replies", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
  text: text("text").notNull(),
  sort: integer("sort").notNull().default(0),
  updatedAt: stampedNow("updated_at"),
});

/**
 * Secrets the server makes for itself, shared by every instance on one database (the session cookie's
 * signing secret when SESSION_SECRET is not given: decision 0041). Created once at start-up under
 * the start-up lock; no screen reads this table.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: stampedNow("created_at"),
});

export type JobState = "pending" | "running" | "done" | "dead";

/**
 * Background work, claimed with FOR UPDATE SKIP LOCKED by whichever instance asks first
 * (server/jobs/runner.ts, decision 0041). A scheduled run carries its period in `key`: one row per
 * (name, key), so a period runs once however many instances schedule it.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    key: text("key"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    state: text("state").$type<JobState>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    runAt: timestampTz("run_at").notNull(),
    lockedUntil: timestampTz("locked_until"),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    createdAt: stampedNow("created_at"),
    finishedAt: timestampTz("finished_at"),
  },
  (t) => [
    uniqueIndex("jobs_name_key_uq").on(t.name, t.key),
    index("jobs_due_idx")
      .on(t.runAt)
      .where(sql`${t.state} = 'pending'`),
    index("jobs_lease_idx")
      .on(t.lockedUntil)
      .where(sql`${t.state} = 'running'`),
    index("jobs_finished_idx")
      .on(t.finishedAt)
      .where(sql`${t.state} in ('done', 'dead')`),
  ],
);

/** A comment a signed-in user sent from the sidebar form (spec: Feedback — id, text, user, created_at). */
export const feedback = pgTable(
  "feedback",
  {
    id: serial("id").primaryKey(),
    text: text("text").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
  },
  (t) => [index("feedback_created_idx").on(t.createdAt.desc(), t.id.desc())],
);
