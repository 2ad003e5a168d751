import fs from "node:fs";
import type { Browser, PDFOptions } from "puppeteer-core";
import { getEnv } from "../env";

export class PdfUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PdfUnavailableError";
  }
}

const KEY = "__backofficePdfBrowser";
type Holder = { [KEY]?: Promise<Browser> };

/** One Chromium kept warm for the whole process; relaunched if it dies. */
async function browser(): Promise<Browser> {
  const holder = globalThis as Holder;
  const existing = holder[KEY];
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
  holder[KEY] = launching;
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

/** Lays the document out in print media at the roll's printable width and returns the page size. */
async function rollPageSize(page: import("puppeteer-core").Page, roll: RollPaper) {
  const printable = roll.widthMm - 2 * roll.marginMm;
  await page.emulateMediaType("print");
  // A short viewport: the document's height is then its content's, never the window's.
  await page.setViewport({ width: Math.ceil(printable * PX_PER_MM), height: 16 });
  const contentPx = await page.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  const heightMm = Math.ceil((contentPx / PX_PER_MM + 2 * roll.marginMm + ROLL_SLACK_MM) * 10) / 10;
  // The document's own @page size (the print window's) gives way to the measured one.
  await page.addStyleTag({ content: `@page { size: ${roll.widthMm}mm ${heightMm}mm; margin: ${roll.marginMm}mm; }` });
  return { width: `${roll.widthMm}mm`, height: `${heightMm}mm`, margin: { top: `${roll.marginMm}mm`, bottom: `${roll.marginMm}mm`, left: `${roll.marginMm}mm`, right: `${roll.marginMm}mm` }, preferCSSPageSize: true };
}

/** Prints an HTML document to PDF on a fresh page; the page never outlives the call. */
export async function renderPdf(html: string, options: RenderPdfOptions = {}): Promise<Buffer> {
  const timeout = options.timeoutMs ?? getEnv().PDF_TIMEOUT_MS;
  const b = await browser();
  const page = await b.newPage();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const work = (async () => {
      await page.setJavaScriptEnabled(false);
      await page.setContent(html, { waitUntil: "load", timeout });
      const roll = options.roll ? await rollPageSize(page, options.roll) : {};
      return Buffer.from(await page.pdf({ format: "Letter", printBackground: true, margin: { top: "12mm", bottom: "14mm", left: "10mm", right: "10mm" }, ...options.pdf, ...roll }));
    })();
    const timeoutPromise = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PdfUnavailableError("La generación del PDF tardó demasiado. Intenta de nuevo.")), timeout);
    });
    return await Promise.race([work, timeoutPromise]);
  } finally {
    clearTimeout(timer);
    await page.close().catch(() => undefined);
  }
}

export async function closePdfBrowser() {
  const holder = globalThis as Holder;
  const existing = holder[KEY];
  holder[KEY] = undefined;
  if (existing) await (await existing.catch(() => undefined))?.close();
}
