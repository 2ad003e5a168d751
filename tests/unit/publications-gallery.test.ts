import { describe, expect, it } from "vitest";
import { readDraft } from "~/modules/publications/draft";
import { bySort, canMove, cleanAlt, moveImage, moveImageTo } from "~/modules/publications/gallery-order";

/** A gallery written as "SKU:name" items; the result is read back the same way. */
const gallery = (spec: string) => spec.split(" ").filter(Boolean).map((s) => ({ sku: s.split(":")[0], name: s.split(":")[1] }));
const show = (items: Array<{ sku: string; name: string }>) => items.map((g) => `${g.sku}:${g.name}`).join(" ");

describe("gallery order: Subir/Bajar within one linked product", () => {
  it.each([
    ["A:1 A:2 A:3", 1, "up", "A:2 A:1 A:3"],
    ["A:1 A:2 A:3", 1, "down", "A:1 A:3 A:2"],
    ["A:1 A:2 A:3", 0, "up", "A:1 A:2 A:3"], // the first stays first
    ["A:1 A:2 A:3", 2, "down", "A:1 A:2 A:3"], // the last stays last
    ["A:1 B:1 A:2", 2, "up", "A:2 B:1 A:1"], // skips the other product's image, which keeps its place
    ["A:1 B:1 A:2", 1, "up", "A:1 B:1 A:2"], // alone in its product
    ["A:1 B:1 B:2 A:2", 3, "up", "A:2 B:1 B:2 A:1"],
    ["A:1 A:2", 7, "up", "A:1 A:2"], // unknown index
    ["A:1 A:2", -1, "down", "A:1 A:2"],
  ] as const)("%s: image %i %s → %s", (start, index, direction, expected) => {
    expect(show(moveImage(gallery(start), index, direction))).toBe(expected);
  });

  it.each([
    ["A:1 A:2 A:3", 0, "up", false],
    ["A:1 A:2 A:3", 0, "down", true],
    ["A:1 B:1 A:2", 2, "up", true],
    ["A:1 B:1 A:2", 2, "down", false],
    ["A:1 B:1 A:2", 1, "up", false],
    ["A:1", 5, "down", false],
  ] as const)("%s: image %i can go %s: %s", (start, index, direction, expected) => {
    expect(canMove(gallery(start), index, direction)).toBe(expected);
  });
});

describe("gallery order: dragging onto another image", () => {
  it.each([
    ["A:1 A:2 A:3 A:4", 0, 2, "A:2 A:3 A:1 A:4"],
    ["A:1 A:2 A:3 A:4", 3, 0, "A:4 A:1 A:2 A:3"],
    ["A:1 B:1 A:2 B:2 A:3", 4, 0, "A:3 B:1 A:1 B:2 A:2"],
    ["A:1 B:1 A:2", 0, 1, "A:1 B:1 A:2"], // another product: nothing moves
    ["A:1 A:2", 1, 1, "A:1 A:2"],
  ] as const)("%s: %i onto %i → %s", (start, from, to, expected) => {
    expect(show(moveImageTo(gallery(start), from, to))).toBe(expected);
  });
});

describe("gallery sort and alt text", () => {
  it.each([
    [[2, 0, 1], ["b", "c", "a"]],
    [["1", "1", "0"], ["c", "a", "b"]], // ties keep the list order
    [["", "x", "0"], ["a", "c", "b"]], // a missing or bad sort counts as its position
  ])("sort %j orders a b c as %j", (sorts, expected) => {
    expect(bySort(["a", "b", "c"], (_, i) => sorts[i])).toEqual(expected);
  });

  it.each([
    ["  Foco LED 9 W  ", "Foco LED 9 W"],
    ["", ""],
    [null, ""],
    ["x".repeat(130), "x".repeat(125)],
    [`${"y".repeat(124)} z`, "y".repeat(124)],
  ])("alt %j → %j", (input, expected) => {
    expect(cleanAlt(input, 125)).toBe(expected);
  });

  it("reads the gallery from the form in its sort order, with each image's alt text", () => {
    const fd = new FormData();
    const ids = ["11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"];
    ids.forEach((id, k) => {
      fd.append(`g.${k}.fileId`, id);
      fd.append(`g.${k}.url`, `/files/${id}`);
      fd.append(`g.${k}.name`, `foto${k}.webp`);
      fd.append(`g.${k}.sku`, "qo120");
      fd.append(`g.${k}.sort`, String(1 - k));
      fd.append(`g.${k}.alt`, k ? "  Centro de carga  " : "z".repeat(200));
    });
    const { gallery: read } = readDraft(fd);
    expect(read.map((g) => g.fileId)).toEqual([ids[1], ids[0]]);
    expect(read.map((g) => g.alt)).toEqual(["Centro de carga", "z".repeat(125)]);
    expect(read[0].sku).toBe("QO120");
  });
});
