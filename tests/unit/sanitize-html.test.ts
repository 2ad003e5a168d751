import { describe, expect, it } from "vitest";
import { richTextToPlain, sanitizeRichText, sanitizeRichTextWithFiles, storedFileOf, storedFilesIn } from "~/lib/sanitize-html.server";

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

const ID = "0f8fad5b-d9cb-469f-a165-70867728950e";
const OTHER = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const NEW_TAB = 'target="_blank" rel="noopener noreferrer"';

describe("stored files in rich text: only the library's, images only of it", () => {
  it.each<[string, string | null]>([
    [`/files/${ID}`, ID],
    [`/files/${ID}?w=150`, ID],
    [`/FILES/${ID.toUpperCase()}`, ID],
    [`../files/${ID}`, ID],
    [`files/${ID}`, ID],
    [`/%66iles/${ID}`, ID],
    ["\\files\\" + ID, ID],
    [`https://otro.example/files/${ID}#x`, ID],
    ["/files/abc", ""],
    ["/files", ""],
    ["/filesystem/x", null],
    ["https://example.com/x.png", null],
    ["mailto:a@b.mx", null],
    ["/web-inventory?page=2", null],
  ])("%s names %j", (url, id) => {
    expect(storedFileOf(url)).toBe(id);
  });

  it("lists the files a text points at, once each", () => {
    expect(
      storedFilesIn(
        `<p><a href="/files/${ID}">a</a><img src="/files/${OTHER}"><a href="/files/${ID}?w=1">b</a><a href="https://x.mx">c</a></p>`,
      ).sort(),
    ).toEqual([ID, OTHER].sort());
  });

  it("keeps links to library files and library images, takes out the rest and counts them", () => {
    const allowed = { files: new Set([ID, OTHER]), images: new Set([ID]) };
    const html = `<p><a href="/files/${ID}">a</a><a href="/files/${OTHER}">b</a><a href="/files/bad">c</a></p><p><img src="/files/${ID}" alt="x"><img src="/files/${OTHER}"><img src="https://example.com/p.png"></p>`;
    expect(sanitizeRichTextWithFiles(html, allowed)).toEqual({
      html: `<p><a href="/files/${ID}" ${NEW_TAB}>a</a><a href="/files/${OTHER}" ${NEW_TAB}>b</a><a ${NEW_TAB}>c</a></p><p><img src="/files/${ID}" alt="x" /></p>`,
      removed: 2,
    });
    // With no files allowed (the default), every stored-file reference goes.
    expect(sanitizeRichText(`<p><a href="/files/${ID}">a</a><img src="/files/${ID}"></p>`)).toBe(`<p><a ${NEW_TAB}>a</a></p>`);
  });
});
