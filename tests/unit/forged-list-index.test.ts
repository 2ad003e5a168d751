import { describe, expect, it } from "vitest";
import { hasForgedListIndex, isForgedListField } from "@common/forged-list-index";

describe("a list index no form of the app reaches marks a forged post (four digits or more)", () => {
  it.each([
    ["rows[999].qty", "", false],
    ["rows[1000].qty", "", true],
    ["properties[99999].name", "a", true],
    ["variations[0].linked[9999999].qty", "1", true],
    ["rows[0001].qty", "", true],
    ["name", "[99999]", false],
    ["__intent__", JSON.stringify({ type: "update", payload: { name: "linked[99999999]" } }), true],
    ["__intent__", JSON.stringify({ type: "remove", payload: { name: "gallery", index: 99999999 } }), true],
    ["__intent__", JSON.stringify({ type: "reorder", payload: { name: "gallery", from: 0, to: 12 } }), false],
  ])("%s = %s → %s", (name, value, forged) => {
    expect(isForgedListField(name, value)).toBe(forged);
  });

  it("reads every field of a form", () => {
    const form = new URLSearchParams([
      ["sku", "A"],
      ["rows[0].qty", "1"],
    ]);
    expect(hasForgedListIndex(form)).toBe(false);
    form.append("rows[12345].qty", "1");
    expect(hasForgedListIndex(form)).toBe(true);
  });
});
