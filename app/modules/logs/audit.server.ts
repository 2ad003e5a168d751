import { auditLog } from "@server/db/schema";
import { getDb, type Tx } from "@server/db/client";

export type AuditEntry = {
  message: string;
  type?: "info" | "create" | "update" | "delete" | "auth" | "integration" | "error";
  tags?: string[];
  identifier?: string | number | bigint | null;
  detail?: unknown;
  userId?: number | null;
};

/** Writes one audit entry, inside the caller's transaction when one is given. */
export async function audit(entry: AuditEntry, tx: Tx = getDb()) {
  await tx.insert(auditLog).values({
    message: entry.message,
    type: entry.type ?? "info",
    tags: entry.tags ?? [],
    identifier: entry.identifier == null ? null : String(entry.identifier),
    detail: entry.detail === undefined ? null : JSON.parse(JSON.stringify(entry.detail, bigintSafe)),
    userId: entry.userId ?? null,
  });
}

function bigintSafe(_key: string, value: unknown) {
  return typeof value === "bigint" ? value.toString() : value;
}
