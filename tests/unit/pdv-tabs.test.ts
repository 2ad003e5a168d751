import { describe, expect, it } from "vitest";
import { tillTabs } from "~/modules/pdv/tabs";

// Spec 2 §2: "Tabs: Venta (only when box open), Caja (non-cashier, box closed), Historial
// (non-cashier only)"; §6: "Cajero sees only Venta and, with the box closed, the open-box view".
describe("till tabs per role and box state", () => {
  it.each([
    ["cashier, box open", false, true, ["Venta"]],
    ["cashier, box closed (the open-box view, no tab)", false, false, []],
    ["manager, box open", true, true, ["Venta", "Historial"]],
    ["manager, box closed", true, false, ["Caja", "Historial"]],
  ])("%s", (_label, manager, boxOpen, expected) => {
    expect(tillTabs({ manager, boxOpen }).map((t) => t.label)).toEqual(expected);
  });
});
