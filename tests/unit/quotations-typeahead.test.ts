import { describe, expect, it } from "vitest";
import { TYPEAHEAD_WAIT_MS, typeaheadQuery } from "~/modules/quotations/typeahead";

// Spec §5 "typeahead queries need more than one character"; §9 "debounce 600 ms".
describe("typeahead rules", () => {
  it.each([
    [undefined, null],
    [null, null],
    ["", null],
    ["a", null],
    ["  a  ", null],
    ["ab", "ab"],
    ["  ve ", "ve"],
    ["1453-2W", "1453-2W"],
  ])("%j searches for %j", (raw, expected) => {
    expect(typeaheadQuery(raw)).toBe(expected);
  });

  it("waits 600 ms after the last key", () => {
    expect(TYPEAHEAD_WAIT_MS).toBe(600);
  });
});
