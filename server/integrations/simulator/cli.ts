/**
 * Prints what the simulator offers to try: the candidate movements per order, the demo credit notes
 * and the magic inputs.
 *
 *   npx tsx server/integrations/simulator/cli.ts
 *
 * With the embedded database (no DATABASE_URL) stop the app first: PGlite's data directory must not
 * be opened by two processes at once.
 */
import { openDatabase } from "../../db/client";
import { getEnv } from "../../env";
import { listDemoCreditNotes, listDemoMovements } from "./demo";
import { MAGIC_INPUTS, MAGIC_TOKENS } from "./magic";

const env = getEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  const movements = await listDemoMovements(database);
  if (movements.length === 0) console.log("No hay movimientos de prueba: ejecuta el seed de demo primero.");
  let order = "";
  for (const m of movements) {
    if (m.orderId !== order) {
      order = m.orderId;
      console.log(`\nOrden ${order}`);
    }
    console.log(`  ${m.movement.padEnd(7)} ${m.scenario.padEnd(20)} total ${m.total.toFixed(2).padStart(10)}  → ${m.expected}`);
  }
  const notes = await listDemoCreditNotes(database);
  if (notes.length > 0) console.log("\nNotas de crédito (órdenes ya asignadas):");
  for (const n of notes) console.log(`  ${n.note.padEnd(10)} orden ${n.orderId} (movimiento ${n.movement}) → ${n.expected}`);
  console.log("\nEntradas que fallan a propósito:");
  for (const m of MAGIC_INPUTS) console.log(`  ${m.system}.${m.call}("${m.key}") → ${m.what}`);
  for (const t of MAGIC_TOKENS)
    console.log(`  texto con "${t.token}" → ${t.failure.kind}${t.failure.status ? ` ${t.failure.status}` : ""}`);
} finally {
  await database.close();
}
