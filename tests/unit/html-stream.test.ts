import { PassThrough, type Writable } from "node:stream";
import { createElement as h } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { htmlBodyStream, withoutNulBytes } from "~/lib/html-stream.server";

/** Renders through `through` (or straight) and returns the bytes the client would get. */
function render(element: React.ReactElement, through?: () => Writable & NodeJS.ReadableStream) {
  return new Promise<Buffer>((resolve, reject) => {
    const parts: Buffer[] = [];
    const body = through ? through() : new PassThrough();
    body.on("data", (c: Buffer) => parts.push(c));
    body.on("end", () => resolve(Buffer.concat(parts)));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(body), onShellError: reject });
  });
}

/** Four hundred links whose titles put "ó" at every offset of React's 2 KB views, as a long list does. */
const page = (shift: number) =>
  h("div", null, Array.from({ length: 400 }, (_, i) => h("a", { key: i, title: "ó".repeat(1 + ((i + shift) % 3)) }, "x".repeat(shift % 5))));

describe("the document stream", () => {
  it("React alone pads a view with zero bytes when a character does not fit (why the cleaning exists)", async () => {
    let padded = 0;
    for (let shift = 0; shift < 20; shift += 1) if ((await render(page(shift))).includes(0)) padded += 1;
    expect(padded).toBeGreaterThan(0);
  });

  it("reaches the browser without a zero byte and with every title intact", async () => {
    for (let shift = 0; shift < 20; shift += 1) {
      const bytes = await render(page(shift), htmlBodyStream);
      expect(bytes.includes(0), `shift ${shift}`).toBe(false);
      const titles = [...bytes.toString("utf8").matchAll(/title="([^"]*)"/g)].map((m) => m[1]);
      expect(titles).toHaveLength(400);
      for (const [i, title] of titles.entries()) expect(title).toBe("ó".repeat(1 + ((i + shift) % 3)));
    }
  });

  it.each([
    ["", ""],
    ["abc", "abc"],
    ["\0", ""],
    ["a\0b", "ab"],
    ["\0\0ó\0", "ó"],
    ["Secci\0ón", "Sección"],
  ])("withoutNulBytes(%j) → %j", (input, expected) => {
    expect(withoutNulBytes(Buffer.from(input, "utf8")).toString("utf8")).toBe(expected);
  });
});
