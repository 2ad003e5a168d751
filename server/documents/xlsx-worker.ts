import { Worker } from "node:worker_threads";

/**
 * Writing an .xlsx (XML for every cell, then deflate) is CPU work that would hold the event loop for
 * seconds on a large export, and with it every other user's request. It runs in a worker thread:
 * the request thread only turns rows into plain cell values and posts them in batches.
 *
 * The worker is evaluated from this source text (CommonJS, `exceljs` resolved from the working
 * directory) so it works the same from the sources, the tests and the server build, which bundles
 * this module and has no separate file to point a worker at.
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require("node:worker_threads");
const { PassThrough } = require("node:stream");
const ExcelJS = require("exceljs");

const chunks = [];
const stream = new PassThrough();
stream.on("data", (c) => chunks.push(c));
const done = new Promise((resolve, reject) => { stream.on("end", resolve); stream.on("error", reject); });
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
workbook.created = new Date(workerData.created);
workbook.creator = "Back office";
const sheet = workbook.addWorksheet(workerData.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
const columns = workerData.columns;
sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
if (columns.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
const header = sheet.getRow(1);
header.font = { bold: true };
header.alignment = { vertical: "middle" };
header.eachCell((cell) => {
  cell.numFmt = "@";
  cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE2E8F0" } };
});
header.commit();

parentPort.on("message", async (message) => {
  try {
    if (message.rows) {
      for (const row of message.rows) sheet.addRow(row).commit();
      parentPort.postMessage({ ack: true });
      return;
    }
    sheet.commit();
    await workbook.commit();
    await done;
    const bytes = new Uint8Array(Buffer.concat(chunks));
    parentPort.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.stack) || error) });
  }
});
`;

export type WorkerColumn = { header: string; key: string; width: number; numFmt?: string };
export type CellValue = string | number | boolean | Date | null;

/** At most this many workbooks are written at once (the machine's cores); the rest wait their turn. */
const MAX_WORKERS = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

const BATCH = 250;

/**
 * Writes one worksheet in a worker thread. `cells` turns a source row into its cell values on the
 * request thread, a batch at a time, yielding between batches; one batch is in flight at a time, so
 * memory stays bounded by what the worker has not yet written.
 */
export async function writeWorkbookInWorker<Row>(opts: {
  sheetName: string;
  columns: WorkerColumn[];
  rows: Iterable<Row>;
  cells: (row: Row) => CellValue[];
}): Promise<Buffer> {
  const release = await slot();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { sheetName: opts.sheetName, columns: opts.columns, created: Date.now() },
  });
  let pending: { resolve: (m: { ack?: true; bytes?: Uint8Array }) => void; reject: (e: Error) => void } | null = null;
  const next = () => new Promise<{ ack?: true; bytes?: Uint8Array }>((resolve, reject) => (pending = { resolve, reject }));
  worker.on("message", (m: { ack?: true; bytes?: Uint8Array; error?: string }) => {
    const p = pending;
    pending = null;
    if (m.error) p?.reject(new Error(`xlsx worker: ${m.error}`));
    else p?.resolve(m);
  });
  worker.on("error", (e) => {
    const p = pending;
    pending = null;
    p?.reject(e as Error);
  });
  worker.on("exit", (code) => {
    const p = pending;
    pending = null;
    p?.reject(new Error(`xlsx worker exited with code ${code}`));
  });
  try {
    let batch: CellValue[][] = [];
    const flush = async () => {
      const answered = next();
      worker.postMessage({ rows: batch });
      batch = [];
      await answered;
    };
    for (const row of opts.rows) {
      batch.push(opts.cells(row));
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length) await flush();
    const finished = next();
    worker.postMessage({ end: true });
    const { bytes } = await finished;
    if (!bytes) throw new Error("xlsx worker answered without a file");
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } finally {
    pending = null;
    void worker.terminate();
    release();
  }
}
