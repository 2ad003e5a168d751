import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestampTz, stampedNow, ownedBy } from "./columns";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone"),
    role: text("role").notNull(),
    level: integer("level"),
    passwordHash: text("password_hash").notNull(),
    confirmCodePdv: text("confirm_code_pdv"),
    intelisisAgent: text("intelisis_agent"),
    erpUsers: text("erp_users")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    permissions: text("permissions")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean("is_active").notNull().default(true),
    lastLoginAt: timestampTz("last_login_at"),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    uniqueIndex("users_email_uq").on(sql`lower(${t.email})`),
    index("users_role_idx").on(t.role),
    index("users_search_trgm").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: ownedBy("user_id", () => users.id),
    createdAt: stampedNow("created_at"),
    lastSeenAt: stampedNow("last_seen_at"),
    expiresAt: timestampTz("expires_at").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Failed sign-ins counted per client address, per account and per (account, address), kept in the
 * database so neither a restart nor a second process forgets them.
 */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: stampedNow("last_failure_at"),
  },
  (t) => [index("login_throttle_last_failure_idx").on(t.lastFailureAt)],
);
