import { PassThrough } from "node:stream";
import { createElement as h } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { htmlBodyStream } from "~/lib/html-stream.server";

/** Renders through `through` (entry.server's stream, or none), and returns the bytes the client would get. */
function render(element: React.ReactElement, through: () => PassThrough | ReturnType<typeof htmlBodyStream> = () => new PassThrough()) {
  return new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    const body = through();
    body.on("data", (c: Buffer) => parts.push(c));
    body.on("end", () => resolve(Buffer.concat(parts)));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(body), onShellError: reject });
  });
}

/** Four hundred links whose titles put "ó" at every offset of React's stream views, as a long list does. */
const page = (shift: number) =>
  h(
    "div",
    null,
    Array.from({ length: 400 }, (_, i) => h("a", { key: i, title: "ó".repeat(1 + ((i + shift) % 3)) }, "x".repeat(shift % 5))),
  );

describe("the document stream", () => {
  // React 18 sent a whole 2 KB view, its unused zero bytes included, when a multi-byte character did
  // not fit at its end: "Sección" reached the browser as "Secci�ón". The document went through a
  // cleaning stream until React 19, which writes only the bytes it filled (decision 0044).
  it("reaches the browser without a zero byte and with every title intact", async () => {
    for (let shift = 0; shift < 20; shift += 1) {
      const bytes = await render(page(shift));
      expect((await render(page(shift), htmlBodyStream)).equals(bytes), `shift ${shift}: the document stream changes nothing`).toBe(true);
      expect(bytes.includes(0), `shift ${shift}`).toBe(false);
      const titles = [...bytes.toString("utf8").matchAll(/title="([^"]*)"/g)].map((m) => m[1]);
      expect(titles).toHaveLength(400);
      for (const [i, title] of titles.entries()) expect(title).toBe("ó".repeat(1 + ((i + shift) % 3)));
    }
  });
});
