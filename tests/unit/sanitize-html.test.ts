import { describe, expect, it } from "vitest";
import { richTextToPlain, sanitizeRichText } from "~/lib/sanitize-html.server";

describe("sanitizeRichText keeps the editor's HTML and drops everything else", () => {
  it.each([
    ["<p>Hola <strong>mundo</strong></p>", "<p>Hola <strong>mundo</strong></p>"],
    ["<p>a</p><script>alert(1)</script>", "<p>a</p>"],
    ['<p onclick="x()">a</p>', "<p>a</p>"],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['<a href="https://example.com">x</a>', '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>'],
    ['<img src=x onerror="alert(1)">', ""],
    ["<iframe src='https://evil'></iframe><p>b</p>", "<p>b</p>"],
    ["<style>p{}</style><ul><li>uno</li></ul>", "<ul><li>uno</li></ul>"],
    ["<h1>Título</h1>", "<h2>Título</h2>"],
    ["<p></p>", ""],
    ["", ""],
  ])("%s", (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it("reads the plain text of rich text", () => {
    expect(richTextToPlain("<p>Hola <b>a</b></p><ul><li>b</li></ul>")).toBe("Hola ab");
  });
});
