/**
 * npm run import -- --from https://contenido.empresa.mx/ --token … [--dry-run] [--resume] [--only orders,questions] [--report archivo.json]
 *
 * The first import (docs/live-data.md, "First import"): copies the old content back end's records
 * into an empty database, collection by collection, with a progress bar; Ctrl-C stops after the
 * page in flight and --resume goes on from there. With the embedded database, stop the server
 * first: two processes must not open the same data directory.
 */
import fs from "node:fs";
import path from "node:path";
import { stderr, stdout } from "node:process";
import { parseArgs } from "node:util";
import { z } from "zod";
import { importCollections } from "../app/modules/sync/import-collections.server";
import {
  runImport,
  selectCollections,
  type CollectionSummary,
  type ImportEvent,
  type ImportReport,
} from "../app/modules/sync/import.server";
import { openDatabase, setDatabase } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { STARTUP_LOCK_KEY } from "../server/db/startup";
import { getEnv } from "../server/env";
import { createHttpContent } from "../server/integrations/content/http";

const HELP = `Uso: npm run import -- --from <url> --token <token> [opciones]

Copia los registros del back end de contenido anterior (items/*) a una base de datos vacía:
usuarios (sin contraseña: un Admin les asigna una en Usuarios), taxonomías, productos,
publicaciones y variaciones, pedidos de ambas cuentas, preguntas, mensajes, contenido de la
tienda, cotizaciones e historial del punto de venta.

  --from <url>        Dirección del back end de contenido (o CONTENT_URL)
  --token <token>     Token de acceso (o CONTENT_TOKEN, que no queda en el historial de la terminal)
  --dry-run           Lee y valida todo sin escribir nada; informa lo que haría
  --resume            Continúa cada colección donde se detuvo (y relee las ya terminadas);
                      se permite con datos en la base
  --only <lista>      Solo estas colecciones o grupos, separados por comas (ver abajo)
  --report <archivo>  Informe JSON de lo hecho y lo rechazado (por omisión import-report.json)
  -h, --help          Muestra esta ayuda

Ctrl-C detiene la importación al terminar la página en curso; --resume la continúa.
Con la base integrada (sin DATABASE_URL) detén antes el servidor.

Colecciones, en el orden en que se importan:
{colecciones}`;

const ArgsSchema = z.object({
  from: z
    .string({ required_error: "Falta --from (o CONTENT_URL): la dirección del back end de contenido." })
    .refine(
      (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol),
      "--from debe ser una dirección http(s) completa, p. ej. https://contenido.empresa.mx/",
    ),
  token: z
    .string({ required_error: "Falta --token (o CONTENT_TOKEN): el token de acceso al back end de contenido." })
    .min(1, "--token está vacío"),
  dryRun: z.boolean(),
  resume: z.boolean(),
  only: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    ),
  report: z.string().min(1, "--report está vacío").default("import-report.json"),
});

class CliError extends Error {
  constructor(
    message: string,
    readonly code = 2,
  ) {
    super(message);
  }
}

const n = (value: number) => value.toLocaleString("es-MX");

/** A text bar: [██████░░░░] */
function bar(done: number, total: number | null, width = 24): string {
  if (!total) return `[${"·".repeat(width)}]`;
  const filled = Math.min(width, Math.round((done / total) * width));
  return `[${"█".repeat(filled)}${"░".repeat(width - filled)}]`;
}

/** The progress of each collection: a bar redrawn in place on a terminal, plain lines otherwise (CI). */
function progressPrinter(tty: boolean, dryRun: boolean) {
  let lastStep = new Map<string, number>();
  let open = false;
  const line = (e: { label: string; done: number; total: number | null; written: number; refused: number }) => {
    const pct = e.total ? `${String(Math.min(100, Math.floor((e.done / e.total) * 100))).padStart(3)} %` : "";
    const of = e.total ? `${n(e.done)}/${n(e.total)}` : n(e.done);
    const text = `${e.label.padEnd(24)} ${bar(e.done, e.total, 20)} ${pct} ${of}  ${dryRun ? "nuevos" : "escritos"} ${n(e.written)}  rechazados ${n(e.refused)}`;
    // On a terminal the line is redrawn in place: it must not wrap.
    return tty ? text.slice(0, Math.max(40, (stdout.columns ?? 100) - 1)) : text;
  };
  const endLine = () => {
    if (open) stdout.write("\n");
    open = false;
  };
  return {
    event(e: ImportEvent) {
      if (e.kind === "start") {
        lastStep = new Map();
        const from = e.from ? ` (continúa después del id ${e.from})` : "";
        if (tty) {
          if (from) stdout.write(`${e.label}:${from}\n`);
          stdout.write(`\r\x1b[2K${line({ ...e, written: 0, refused: 0 })}`);
          open = true;
        } else if (e.total !== 0) stdout.write(`${e.label}: ${e.total === null ? "inicio" : `${n(e.total)} registros`}${from}\n`);
      } else if (e.kind === "page") {
        if (tty) {
          stdout.write(`\r\x1b[2K${line(e)}`);
          open = true;
        } else {
          // A line per tenth of the collection (or per page when its size is unknown).
          const step = e.total ? Math.floor((e.done / e.total) * 10) : e.done;
          if (step !== lastStep.get(e.collection)) {
            lastStep.set(e.collection, step);
            stdout.write(`  ${line(e)}\n`);
          }
        }
      } else if (e.kind === "retry") {
        endLine();
        stdout.write(`  ${e.label}: ${e.message} Reintento ${e.attempt} en ${Math.round(e.waitMs / 1000)} s…\n`);
      } else if (e.kind === "end") {
        const s = e.summary;
        if (tty) stdout.write(`\r\x1b[2K${summaryLine(s, dryRun)}\n`);
        else stdout.write(`  ${summaryLine(s, dryRun)}\n`);
        open = false;
      }
    },
    endLine,
  };
}

function summaryLine(s: CollectionSummary, dryRun: boolean): string {
  const state = s.error ? "con error" : s.finished ? "terminada" : "detenida";
  const parts = [`${n(s.read)} leídos`, `${n(s.written)} ${dryRun ? "nuevos" : "escritos"}`, `${n(s.refused)} rechazados`];
  if (dryRun && s.present) parts.push(`${n(s.present)} ya estaban`);
  if (s.missingFiles) parts.push(`${n(s.missingFiles)} imágenes o archivos sin copia en la biblioteca`);
  return `${s.label} (${s.collection}): ${parts.join(", ")} — ${state}`;
}

function printReport(report: ImportReport, reportPath: string) {
  if (report.status === "refused") {
    stdout.write(`\n${report.message}\n`);
    return;
  }
  stdout.write(`\n${report.dryRun ? "Prueba (--dry-run): no se escribió nada." : "Informe de la importación"}\n`);
  for (const s of report.collections) stdout.write(`  ${summaryLine(s, report.dryRun)}\n`);
  if (report.refused.length) {
    stdout.write(`\nRegistros rechazados (${n(report.refused.length)}):\n`);
    for (const r of report.refused.slice(0, 50)) stdout.write(`  ${r.collection} ${r.id ?? "(sin id)"}: ${r.reason}\n`);
    if (report.refused.length > 50) stdout.write(`  … y ${n(report.refused.length - 50)} más en ${reportPath}\n`);
  } else if (report.collections.length) stdout.write("\nNingún registro rechazado.\n");
  stdout.write(`\n${report.message}\nInforme: ${reportPath}\n`);
}

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        from: { type: "string" },
        token: { type: "string" },
        "dry-run": { type: "boolean", default: false },
        resume: { type: "boolean", default: false },
        only: { type: "string" },
        report: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${HELP}`);
  }
  return parsed.values;
}

async function main(): Promise<number> {
  const flags = parse(process.argv.slice(2));
  const env = getEnv();
  const all = importCollections(env.BRAND_NAME);
  const names = [...new Set(all.flatMap((c) => [c.key, ...c.aliases]))].join(", ");
  if (flags.help) {
    const listed = all
      .map((c) => `  ${c.key.padEnd(24)} ${c.label}${c.aliases.length ? ` (también: ${c.aliases.join(", ")})` : ""}`)
      .join("\n");
    stdout.write(`${HELP.replace("{colecciones}", listed)}\n`);
    return 0;
  }
  const checked = ArgsSchema.safeParse({
    from: flags.from ?? env.CONTENT_URL,
    token: flags.token ?? env.CONTENT_TOKEN,
    dryRun: flags["dry-run"],
    resume: flags.resume,
    only: flags.only,
    report: flags.report,
  });
  if (!checked.success)
    throw new CliError(`${checked.error.issues.map((i) => `  - ${i.message}`).join("\n")}\n\nAyuda: npm run import -- --help`);
  const args = checked.data;
  const { unknown } = selectCollections(all, args.only);
  if (unknown.length) throw new CliError(`Colecciones desconocidas en --only: ${unknown.join(", ")}.\nVálidas: ${names}`);

  const reportPath = path.resolve(args.report);
  const source = new URL(args.from);
  source.username = "";
  source.password = "";
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  setDatabase(database);
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
    stderr.write("\nDeteniendo al terminar la página en curso… (Ctrl-C otra vez para salir ya; se continúa con --resume)\n");
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    await database.withLock(STARTUP_LOCK_KEY, () => migrate(database));
    stdout.write(
      `${args.dryRun ? "Prueba (no se escribe nada)" : "Importación"} desde ${source.origin}${source.pathname} hacia ${env.DATABASE_URL ? "PostgreSQL" : `la base integrada (${env.DATA_DIR})`}\n`,
    );
    const printer = progressPrinter(!!stdout.isTTY, args.dryRun);
    const report = await runImport({
      content: createHttpContent({ baseUrl: args.from, token: args.token, timeoutMs: Math.max(env.INTEGRATION_TIMEOUT_MS, 60_000) }),
      database,
      only: args.only,
      dryRun: args.dryRun,
      resume: args.resume,
      brandName: env.BRAND_NAME,
      signal: controller.signal,
      onEvent: (e) => printer.event(e),
      source: source.toString(),
    });
    printer.endLine();
    fs.mkdirSync(path.dirname(reportPath), { recursive: true });
    fs.writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
    printReport(report, reportPath);
    return report.status === "complete" ? 0 : report.status === "stopped" ? 130 : 1;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    setDatabase(undefined);
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof CliError) {
    stderr.write(`${error.message}\n`);
    process.exitCode = error.code;
  } else {
    stderr.write(`Error inesperado: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  }
}
