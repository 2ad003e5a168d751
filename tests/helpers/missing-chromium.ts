import { closePdfBrowser } from "../../server/documents/pdf.server";
import { resetEnvCache } from "../../server/env";

/**
 * Runs `fn` as if Chromium were not installed. The pooled browser is closed first: test files share
 * a worker process, and a browser another file launched would otherwise still answer.
 */
export async function withMissingChromium<T>(fn: () => Promise<T>): Promise<T> {
  const previous = process.env.CHROMIUM_PATH;
  await closePdfBrowser();
  process.env.CHROMIUM_PATH = "/nonexistent/chromium";
  resetEnvCache();
  try {
    return await fn();
  } finally {
    if (previous === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = previous;
    resetEnvCache();
  }
}
