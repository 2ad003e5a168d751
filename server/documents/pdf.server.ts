import fs from "node:fs";
import type { Browser, Page, PDFOptions } from "puppeteer-core";
import { getEnv } from "../env";
import { pdfRendered } from "../ops/metrics";

export class PdfUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PdfUnavailableError";
  }
}

/** One Chromium kept warm for the whole process; relaunched if it dies. */
let running: Promise<Browser> | undefined;

async function browser(): Promise<Browser> {
  const existing = running;
  if (existing) {
    const b = await existing.catch(() => undefined);
    if (b?.connected) return b;
  }
  const { CHROMIUM_PATH } = getEnv();
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new PdfUnavailableError(
      `No se encontró Chromium en ${CHROMIUM_PATH}. Instálalo con "npm run setup" (paquete chromium de Debian) o define CHROMIUM_PATH.`,
    );
  }
  const puppeteer = await import("puppeteer-core");
  const launching = puppeteer.default.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  running = launching;
  return launching;
}

/**
 * Roll paper (a till's ticket printer): the page is `widthMm` wide and exactly as tall as the
 * content laid out at that width, instead of a fixed sheet with a long blank tail.
 */
export type RollPaper = { widthMm: number; marginMm: number };
export type RenderPdfOptions = { timeoutMs?: number; pdf?: PDFOptions; roll?: RollPaper };

const PX_PER_MM = 96 / 25.4;
// A page a hair taller than the content, so rounding never spills the last line onto a second page.
const ROLL_SLACK_MM = 1;

/**
 * Lays the document out at the roll's printable width (the page is already in print media) and
 * sizes the sheet to it, in one round trip: measure, then add the @page rule.
 */
async function rollPageSize(page: Page, roll: RollPaper) {
  const printable = roll.widthMm - 2 * roll.marginMm;
  // A short viewport: the document's height is then its content's, never the window's.
  const width = Math.ceil(printable * PX_PER_MM);
  const viewport = page.viewport();
  if (viewport?.width !== width || viewport.height !== 16) await page.setViewport({ width, height: 16 });
  const heightMm = await page.evaluate(
    (pxPerMm: number, marginMm: number, slackMm: number, widthMm: number) => {
      const contentPx = Math.ceil(document.documentElement.getBoundingClientRect().height);
      const mm = Math.ceil((contentPx / pxPerMm + 2 * marginMm + slackMm) * 10) / 10;
      // The document's own @page size (the print window's) gives way to the measured one.
      const style = document.createElement("style");
      style.textContent = `@page { size: ${widthMm}mm ${mm}mm; margin: ${marginMm}mm; }`;
      (document.head ?? document.documentElement).appendChild(style);
      return mm;
    },
    PX_PER_MM,
    roll.marginMm,
    ROLL_SLACK_MM,
    roll.widthMm,
  );
  return {
    width: `${roll.widthMm}mm`,
    height: `${heightMm}mm`,
    margin: { top: `${roll.marginMm}mm`, bottom: `${roll.marginMm}mm`, left: `${roll.marginMm}mm`, right: `${roll.marginMm}mm` },
    preferCSSPageSize: true,
  };
}

// Warm pages: opening a Chromium page costs more than printing a short document on it. A page is
// reused only for the same kind of document (a sheet, or roll paper in print media), so no setting
// of one document leaks into another; a page that failed or timed out is closed, never reused.
const POOL_SIZE = 2;
const pools = new Map<string, Page[]>();

function idlePages(kind: string): Page[] {
  let idle = pools.get(kind);
  if (!idle) pools.set(kind, (idle = []));
  return idle;
}

async function takePage(kind: string, roll: boolean): Promise<Page> {
  const idle = idlePages(kind);
  for (let page = idle.pop(); page; page = idle.pop()) {
    if (!page.isClosed() && page.browser().connected) return page;
  }
  const page = await (await browser()).newPage();
  await page.setJavaScriptEnabled(false);
  if (roll) await page.emulateMediaType("print");
  return page;
}

function givePageBack(kind: string, page: Page) {
  const idle = idlePages(kind);
  if (idle.length < POOL_SIZE && !page.isClosed() && page.browser().connected) idle.push(page);
  else void page.close().catch(() => undefined);
}

/** Prints an HTML document to PDF on a warm page of the pool (a fresh one when none is free); timed (pdf_render_duration_seconds). */
export function renderPdf(html: string, options: RenderPdfOptions = {}): Promise<Buffer> {
  return pdfRendered(() => printOnPage(html, options));
}

async function printOnPage(html: string, options: RenderPdfOptions): Promise<Buffer> {
  const timeout = options.timeoutMs ?? getEnv().PDF_TIMEOUT_MS;
  const kind = options.roll ? `roll:${options.roll.widthMm}` : "sheet";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let page: Page | undefined;
  let settled = false;
  const work = (async () => {
    page = await takePage(kind, !!options.roll);
    // Given up on (timed out) while the page was being opened: it must not outlive the call.
    if (settled) throw new PdfUnavailableError("La generación del PDF tardó demasiado. Intenta de nuevo.");
    await page.setContent(html, { waitUntil: "load", timeout });
    const roll = options.roll ? await rollPageSize(page, options.roll) : {};
    return Buffer.from(
      await page.pdf({
        format: "Letter",
        printBackground: true,
        margin: { top: "12mm", bottom: "14mm", left: "10mm", right: "10mm" },
        ...options.pdf,
        ...roll,
      }),
    );
  })();
  let ok = false;
  try {
    const timeoutPromise = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PdfUnavailableError("La generación del PDF tardó demasiado. Intenta de nuevo.")), timeout);
    });
    const pdf = await Promise.race([work, timeoutPromise]);
    ok = true;
    return pdf;
  } finally {
    settled = true;
    clearTimeout(timer);
    const used = page as Page | undefined;
    if (ok && used) givePageBack(kind, used);
    else {
      if (used) await used.close().catch(() => undefined);
      // Still opening its page: close that page when it arrives.
      else
        void work
          .then(
            () => undefined,
            () => undefined,
          )
          .then(() => (page as Page | undefined)?.close().catch(() => undefined));
    }
  }
}

/**
 * Starts Chromium and opens a warm page before the first document is asked for (called once the
 * server listens), so the first print does not pay the browser's start. Without Chromium it does
 * nothing: printing then answers with its own message.
 */
export async function warmPdf() {
  try {
    givePageBack("sheet", await takePage("sheet", false));
  } catch {
    // Reported when a document is printed.
  }
}

export async function closePdfBrowser() {
  pools.clear();
  const existing = running;
  running = undefined;
  if (existing) await (await existing.catch(() => undefined))?.close();
}
