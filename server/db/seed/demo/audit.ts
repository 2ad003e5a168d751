import type { DateTime } from "luxon";
import { auditLog } from "../../schema";
import { insertChunks, type SeedContext } from "./context";
import type { DemoOrder } from "./orders";
import type { DemoPublication } from "./publications";
import type { DemoQuestion } from "./questions";
import { rngFor } from "./random";
import { js } from "./time";

export const AUDIT_COUNT = 200;

type Entry = {
  at: DateTime;
  userId: number | null;
  message: string;
  type: string;
  tags: string[];
  identifier: string | null;
  detail: unknown;
};

/** An activity log that tells the same story as the data: movements assigned, questions answered, logins… */
export async function seedAudit(ctx: SeedContext, allOrders: DemoOrder[], pubs: DemoPublication[], qs: DemoQuestion[]) {
  const { tx, clock, users } = ctx;
  const entries: Entry[] = [];
  const staff = [users.mlManager, users.admin, users.developer];

  for (const o of allOrders.filter((x) => x.movement).slice(-70)) {
    const r = rngFor("audit-order", o.index);
    entries.push({
      at: clock.clamp(o.date.plus({ hours: r.int(18, 40) })),
      userId: r.pick(staff),
      message: `Movimiento ${o.movement} asignado a la orden ${o.id}`,
      type: "update",
      tags: ["orders", "movement"],
      identifier: o.id.toString(),
      detail: { movement: o.movement, balance: o.balance },
    });
  }
  for (const q of qs.filter((x) => x.status !== "UNANSWERED").slice(-45)) {
    const r = rngFor("audit-question", q.id % 100_000);
    entries.push({
      at: clock.clamp(q.date.plus({ minutes: r.int(5, 200) })),
      userId: r.pick(staff),
      message: `Pregunta ${q.id} respondida`,
      type: "update",
      tags: ["questions"],
      identifier: String(q.id),
      detail: { publicationId: q.publicationId },
    });
  }
  pubs.slice(0, 25).forEach((p, k) => {
    const r = rngFor("audit-publication", k);
    entries.push({
      at: clock.at(r.int(0, 80), r.int(9, 18), r.int(0, 59)),
      userId: users.mlManager,
      message: r.chance(0.5)
        ? `Sincronización de precio ${r.chance(0.5) ? "activada" : "desactivada"} en ${p.id}`
        : `Publicación ${p.id} actualizada`,
      type: "update",
      tags: ["publications"],
      identifier: p.id,
      detail: { title: p.title },
    });
  });
  const emails = ["admin@demo.mx", "mlmanager@demo.mx", "developer@demo.mx", "cajero@demo.mx", "inventory@demo.mx"];
  while (entries.length < AUDIT_COUNT - 15) {
    const k = entries.length;
    const r = rngFor("audit-login", k);
    const email = r.pick(emails);
    const user = users.byEmail.get(email);
    entries.push({
      at: clock.at(r.int(0, 89), r.int(8, 10), r.int(0, 59)),
      userId: user?.id ?? null,
      message: `Inicio de sesión de ${email}`,
      type: "auth",
      tags: ["auth", "login"],
      identifier: email,
      detail: null,
    });
  }
  for (let k = 0; entries.length < AUDIT_COUNT; k++) {
    const r = rngFor("audit-misc", k);
    const kind = k % 3;
    entries.push(
      kind === 0
        ? {
            at: clock.at(r.int(0, 60), r.int(9, 19), r.int(0, 59)),
            userId: null,
            message: "El ERP no respondió al validar un movimiento; se reintentará",
            type: "error",
            tags: ["integration", "erp"],
            identifier: null,
            detail: { timeoutMs: 15000 },
          }
        : kind === 1
          ? {
              at: clock.at(r.int(0, 60), r.int(9, 19), r.int(0, 59)),
              userId: users.inventory,
              message: "Existencias actualizadas desde el ERP",
              type: "integration",
              tags: ["products", "erp"],
              identifier: null,
              detail: { products: r.int(40, 300) },
            }
          : {
              at: clock.at(r.int(0, 60), r.int(9, 19), r.int(0, 59)),
              userId: users.admin,
              message: "Cotización creada",
              type: "create",
              tags: ["quotations"],
              identifier: null,
              detail: null,
            },
    );
  }

  entries.sort((a, b) => a.at.toMillis() - b.at.toMillis() || a.message.localeCompare(b.message));
  await insertChunks(
    tx,
    auditLog,
    entries.map((e) => ({
      createdAt: js(e.at),
      userId: e.userId,
      message: e.message,
      type: e.type,
      tags: e.tags,
      identifier: e.identifier,
      detail: e.detail,
    })),
  );
  return entries.length;
}
