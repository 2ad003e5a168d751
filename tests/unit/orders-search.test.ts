import { describe, expect, it } from "vitest";
import { parseOrderSearch } from "~/modules/orders/search";

describe("order search parsing (spec 1 §5)", () => {
  it.each([
    ["MLM123456789", { kind: "publication", value: "MLM123456789" }],
    ["  mlm123  ", { kind: "publication", value: "MLM123" }],
    // "containing 'MLM'", not only starting with it: a pasted permalink fragment still finds the listing.
    ["ARTICULO-MLM123456789", { kind: "publication", value: "ARTICULO-MLM123456789" }],
    ["xmlm55", { kind: "publication", value: "XMLM55" }],
    ["V2000009300023297", { kind: "related", value: 2000009300023297n }],
    ["v123", { kind: "related", value: 123n }],
    ["5601", { kind: "movement", value: "5601" }],
    ["1", { kind: "movement", value: "1" }],
    ["12345", { kind: "order", value: 12345n }],
    ["2000005100000001", { kind: "order", value: 2000005100000001n }],
    ["qo120", { kind: "product", value: "QO120" }],
    ["VTHHW12NE100", { kind: "product", value: "VTHHW12NE100" }],
    ["5320-W", { kind: "product", value: "5320-W" }],
  ])("%j", (text, expected) => {
    expect(parseOrderSearch(text)).toEqual(expected);
  });
  it("blank searches nothing", () => {
    expect(parseOrderSearch("   ")).toBeNull();
    expect(parseOrderSearch(undefined)).toBeNull();
  });
  it("an id beyond bigint matches nothing instead of failing", () => {
    expect(parseOrderSearch("99999999999999999999999")).toEqual({ kind: "order", value: 0n });
  });
});
