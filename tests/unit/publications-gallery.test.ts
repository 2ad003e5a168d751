import { describe, expect, it } from "vitest";
import { newDraft, type Draft } from "~/modules/publications/draft";
import { parseDraftForm } from "~/modules/publications/draft-form";
import { bySort, canDrop, canMove, cleanAlt, moveTarget } from "~/modules/publications/gallery-order";
import { publicationForm } from "../helpers/publication-form";

/** A gallery written as "SKU:name" items. */
const gallery = (spec: string) =>
  spec
    .split(" ")
    .filter(Boolean)
    .map((s) => ({ sku: s.split(":")[0], name: s.split(":")[1] }));
/** Each product's images in order, "A:2 A:1 | B:1", products in order of their first image. */
const byProduct = (items: Array<{ sku: string; name: string }>) =>
  [...new Set(items.map((g) => g.sku))]
    .map((sku) =>
      items
        .filter((g) => g.sku === sku)
        .map((g) => `${g.sku}:${g.name}`)
        .join(" "),
    )
    .join(" | ");

/** Posts the gallery with Conform's reorder button pressed, as the browser does without JavaScript. */
function reorder(spec: string, from: number, to: number) {
  const items = gallery(spec).map((g, k): Draft["gallery"][number] => {
    const fileId = `00000000-0000-4000-8000-${String(k).padStart(12, "0")}`;
    return { fileId, url: `/files/${fileId}`, name: g.name, sku: g.sku, origin: "upload", alt: "" };
  });
  const { value } = parseDraftForm(
    publicationForm({ ...newDraft(), gallery: items }, { type: "reorder", payload: { name: "gallery", from, to } }),
  );
  return value?.gallery ?? [];
}

describe("gallery order: Subir/Bajar within one linked product", () => {
  it.each([
    ["A:1 A:2 A:3", 1, "up", 0, "A:2 A:1 A:3"],
    ["A:1 A:2 A:3", 1, "down", 2, "A:1 A:3 A:2"],
    ["A:1 A:2 A:3", 0, "up", null, "A:1 A:2 A:3"], // the first stays first
    ["A:1 A:2 A:3", 2, "down", null, "A:1 A:2 A:3"], // the last stays last
    ["A:1 B:1 A:2", 2, "up", 0, "A:2 A:1 | B:1"], // past the other product's image, whose order stays
    ["A:1 B:1 A:2", 1, "up", null, "A:1 A:2 | B:1"], // alone in its product
    ["A:1 B:1 B:2 A:2", 3, "up", 0, "A:2 A:1 | B:1 B:2"],
    ["A:1 B:1 B:2 A:2", 1, "down", 2, "A:1 A:2 | B:2 B:1"],
    ["A:1 A:2", 7, "up", null, "A:1 A:2"], // unknown index
    ["A:1 A:2", -1, "down", null, "A:1 A:2"],
  ] as const)("%s: image %i %s moves to %s → %s", (start, index, direction, target, expected) => {
    expect(moveTarget(gallery(start), index, direction)).toBe(target);
    expect(canMove(gallery(start), index, direction)).toBe(target !== null);
    const after = target === null ? gallery(start) : reorder(start, index, target);
    expect(byProduct(after)).toBe(expected);
  });
});

describe("gallery order: dragging onto another image", () => {
  it.each([
    ["A:1 A:2 A:3 A:4", 0, 2, "A:2 A:3 A:1 A:4"],
    ["A:1 A:2 A:3 A:4", 3, 0, "A:4 A:1 A:2 A:3"],
    ["A:1 B:1 A:2 B:2 A:3", 4, 0, "A:3 A:1 A:2 | B:1 B:2"],
    ["A:1 B:1 A:2", 0, 1, null], // another product: no drop
    ["A:1 A:2", 1, 1, null], // onto itself
    ["A:1 A:2", 1, 5, null],
  ] as const)("%s: %i onto %i → %s", (start, from, to, expected) => {
    expect(canDrop(gallery(start), from, to)).toBe(expected !== null);
    if (expected !== null) expect(byProduct(reorder(start, from, to))).toBe(expected);
  });
});

describe("gallery sort and alt text", () => {
  it.each([
    [
      [2, 0, 1],
      ["b", "c", "a"],
    ],
    [
      ["1", "1", "0"],
      ["c", "a", "b"],
    ], // ties keep the list order
    [
      ["", "x", "0"],
      ["a", "c", "b"],
    ], // a missing or bad sort counts as its position
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

  it("reads the gallery from the form in its order, with each image's alt text trimmed and cut at 125", () => {
    const fd = new FormData();
    const ids = ["11111111-1111-1111-1111-111111111111", "22222222-2222-2222-2222-222222222222"];
    ids.forEach((id, k) => {
      fd.append(`gallery[${k}].fileId`, id);
      fd.append(`gallery[${k}].url`, `/files/${id}`);
      fd.append(`gallery[${k}].name`, `foto${k}.webp`);
      fd.append(`gallery[${k}].sku`, "qo120");
      fd.append(`gallery[${k}].alt`, k ? "  Centro de carga  " : "z".repeat(200));
    });
    const read = parseDraftForm(fd).value?.gallery ?? [];
    expect(read.map((g) => g.fileId)).toEqual(ids);
    expect(read.map((g) => g.alt)).toEqual(["z".repeat(125), "Centro de carga"]);
    expect(read.map((g) => g.sku)).toEqual(["QO120", "QO120"]);
    expect(read[0].origin).toBe("upload");
  });
});
