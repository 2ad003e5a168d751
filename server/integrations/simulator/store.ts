/** Small helpers the simulated systems share for reading and writing the sim schema. */
import type { Database } from "../../db/client";
import { IntegrationError, type IntegrationSystem } from "../errors";

/** A named counter in sim.meta, for readable, deterministic identifiers (movements, folios…). */
export async function nextCounter(database: Database, name: string, start: number): Promise<number> {
  const rows = await database.query<{ n: number }>(
    `insert into sim.meta (key, value) values ($1, to_jsonb($2::int))
     on conflict (key) do update set value = to_jsonb(((sim.meta.value)::text)::int + 1)
     returning ((value)::text)::int as n`,
    [`counter:${name}`, start],
  );
  return Number(rows[0].n);
}

/** The system refusing an operation, with the Spanish reason a user can act on. */
export function rejected(system: IntegrationSystem, call: string, message: string, status = 422): IntegrationError {
  return new IntegrationError({ system, call, kind: "rejected", status, message });
}

/** A system's refusals, for a simulator's calls: `refuse("publish", "…")` is a 422 unless told. */
export function refusalsOf(system: IntegrationSystem) {
  return (call: string, message: string, status = 422) => rejected(system, call, message, status);
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

export function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

/** A day as the legacy calls send it (YYYY/MM/DD, or YYYY-MM-DD) → YYYY-MM-DD; refused otherwise. */
export function requireDay(system: IntegrationSystem, call: string, value: string): string {
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(value.trim());
  const date = m ? new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`) : null;
  if (!m || !date || Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(m[3])) {
    throw rejected(system, call, `La fecha "${value}" no es válida (usa AAAA/MM/DD).`, 400);
  }
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/** A month as YYYY/MM → its first day YYYY-MM-01; refused otherwise. */
export function requireMonth(system: IntegrationSystem, call: string, value: string): string {
  const m = /^(\d{4})[/-](\d{2})$/.exec(value.trim());
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) throw rejected(system, call, `El mes "${value}" no es válido (usa AAAA/MM).`, 400);
  return `${m[1]}-${m[2]}-01`;
}
