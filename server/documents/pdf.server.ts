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

export type RenderPdfOptions = { timeoutMs?: number; pdf?: PDFOptions };

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
      return Buffer.from(await page.pdf({ format: "Letter", printBackground: true, margin: { top: "12mm", bottom: "14mm", left: "10mm", right: "10mm" }, ...options.pdf }));
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
