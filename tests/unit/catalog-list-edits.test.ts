import { describe, expect, it } from "vitest";
import { applyListEdit, type ListEditIntent } from "~/modules/catalog/product-form";

const draft = {
  name: "Foco",
  gallery: ["a", "b", "c"],
  properties: [{ name: "Color", value: "Blanco", isSelector: true }],
};

describe("gallery and property edits of the product and combo dialogs", () => {
  it.each<[ListEditIntent, string[], number]>([
    [{ kind: "image-remove", index: 1 }, ["a", "c"], 1],
    [{ kind: "image-remove", index: 9 }, ["a", "b", "c"], 1],
    [{ kind: "image-move", from: 2, to: 0 }, ["c", "a", "b"], 1],
    [{ kind: "image-move", from: 0, to: 5 }, ["a", "b", "c"], 1],
    [{ kind: "property-add" }, ["a", "b", "c"], 2],
    [{ kind: "property-remove", index: 0 }, ["a", "b", "c"], 0],
  ])("%j", (intent, gallery, properties) => {
    const next = applyListEdit(draft, intent);
    expect(next.gallery).toEqual(gallery);
    expect(next.properties).toHaveLength(properties);
    expect(next.name).toBe("Foco");
  });

  it("a new property row is empty and not a selector", () => {
    expect(applyListEdit(draft, { kind: "property-add" }).properties[1]).toEqual({ name: "", value: "", isSelector: false });
  });
});
