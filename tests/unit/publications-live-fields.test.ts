import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { PublicationFields } from "~/modules/publications/draft-form";
import { busyIntent } from "~/modules/publications/editor-buttons";
import { readLiveFields } from "~/modules/publications/live-fields";

/*
 * The editor's live totals read the form in the page without Zod (live-fields.ts). What they read must
 * be what the server's schema reads from the same post: each row below is checked against the Zod
 * parse the page ran before (the schema's linked rows, variations and warehouses, as Conform parses a
 * form).
 */
const LiveFields = PublicationFields.pick({ linked: true, variations: true, warehouses: true });
function zodParse(fd: FormData) {
  const submission = parseWithZod(fd, { schema: LiveFields });
  if (submission.status !== "success") return null;
  const { linked, variations, warehouses } = submission.value;
  return { linked, variations: variations.map((v) => ({ linked: v.linked })), warehouses };
}

function form(entries: Array<[string, string]>) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}
const rows = (prefix: string, n: number): Array<[string, string]> =>
  Array.from({ length: n }, (_, i) => [`${prefix}[${i}].sku`, `SKU${i}`]);

describe("live totals read the form as the server's schema does", () => {
  it.each<[string, Array<[string, string]>]>([
    ["an empty form", []],
    [
      "a row: SKU trimmed and upper-cased, quantity and discount as typed",
      [
        ["linked[0].sku", " qo120 "],
        ["linked[0].qty", "2"],
        ["linked[0].discount", "3"],
      ],
    ],
    [
      "empty quantity and discount: 1 and 0",
      [
        ["linked[0].sku", "QO120"],
        ["linked[0].qty", ""],
        ["linked[0].discount", ""],
      ],
    ],
    ["a row without quantity or discount fields", [["linked[0].sku", "QO120"]]],
    [
      "spec 1 §5: quantity below 1 becomes 1, discount below 0 becomes 0",
      [
        ["linked[0].sku", "A"],
        ["linked[0].qty", "-3"],
        ["linked[0].discount", "-3"],
      ],
    ],
    [
      "spec 1 §5: discount above 10 becomes 10, a fractional quantity is cut",
      [
        ["linked[0].sku", "A"],
        ["linked[0].qty", "2.7"],
        ["linked[0].discount", "12.5"],
      ],
    ],
    [
      "numbers with spaces around and in exponent form",
      [
        ["linked[0].sku", "A"],
        ["linked[0].qty", " 4 "],
        ["linked[0].discount", "1e1"],
      ],
    ],
    [
      "a hexadecimal quantity",
      [
        ["linked[0].sku", "A"],
        ["linked[0].qty", "0x10"],
      ],
    ],
    [
      "infinite quantity and discount",
      [
        ["linked[0].sku", "A"],
        ["linked[0].qty", "Infinity"],
        ["linked[0].discount", "-Infinity"],
      ],
    ],
    [
      "a quantity of spaces is refused",
      [
        ["linked[0].sku", "A"],
        ["linked[0].qty", "  "],
      ],
    ],
    [
      "a quantity that is no number is refused",
      [
        ["linked[0].sku", "A"],
        ["linked[0].qty", "abc"],
      ],
    ],
    [
      "a discount that is no number is refused",
      [
        ["linked[0].sku", "A"],
        ["linked[0].discount", "x"],
      ],
    ],
    [
      "a SKU sent twice is refused",
      [
        ["linked[0].sku", "A"],
        ["linked[0].sku", "B"],
      ],
    ],
    [
      "a quantity sent twice is refused",
      [
        ["linked[0].sku", "A"],
        ["linked[0].qty", "1"],
        ["linked[0].qty", "2"],
      ],
    ],
    [
      "a missing row index is an empty row",
      [
        ["linked[0].sku", "A"],
        ["linked[2].sku", "B"],
      ],
    ],
    [
      "a blank SKU is an empty row",
      [
        ["linked[0].sku", "   "],
        ["linked[0].qty", "4"],
      ],
    ],
    ["a SKU of 40 characters between spaces", [["linked[0].sku", ` ${"A".repeat(40)} `]]],
    ["a SKU over 40 characters is refused", [["linked[0].sku", "A".repeat(41)]]],
    ["a SKU over 40 characters once upper-cased is refused", [["linked[0].sku", "ß".repeat(30)]]],
    ["60 linked rows", rows("linked", 60)],
    ["61 linked rows are refused", rows("linked", 61)],
    [
      "warehouses chosen",
      [
        ["warehouses", "O4"],
        ["warehouses", "JM"],
      ],
    ],
    ["one warehouse", [["warehouses", "O4"]]],
    [
      "a warehouse twice",
      [
        ["warehouses", "O4"],
        ["warehouses", "O4"],
      ],
    ],
    ["an unknown warehouse is refused", [["warehouses", "ZZ"]]],
    ["one empty warehouse is none", [["warehouses", ""]]],
    [
      "an empty warehouse among others is refused",
      [
        ["warehouses", ""],
        ["warehouses", "O4"],
      ],
    ],
    [
      "variations with their rows, and the flat rows",
      [
        ["variations[0].name", "Rojo"],
        ["variations[0].linked[0].sku", "b"],
        ["variations[0].linked[0].qty", "3"],
        ["linked[0].sku", "a"],
      ],
    ],
    ["a variation without rows", [["variations[0].name", "Rojo"]]],
    [
      "a stored variation (its id)",
      [
        ["variations[0].id", "5"],
        ["variations[0].linked[0].sku", "b"],
      ],
    ],
    ["a missing variation index is a variation without rows", [["variations[1].linked[0].sku", "b"]]],
    ["30 variations", Array.from({ length: 30 }, (_, i): [string, string] => [`variations[${i}].name`, "x"])],
    ["31 variations are refused", Array.from({ length: 31 }, (_, i): [string, string] => [`variations[${i}].name`, "x"])],
    ["61 rows in a variation are refused", rows("variations[0].linked", 61)],
    [
      "a variation's quantity that is no number is refused",
      [
        ["variations[0].linked[0].sku", "b"],
        ["variations[0].linked[0].qty", "z"],
      ],
    ],
    [
      "the other fields are not read",
      [
        ["title", "x".repeat(90)],
        ["linked[0].sku", "a"],
        ["status", "nope"],
        ["gallery[0].fileId", "bad"],
      ],
    ],
  ])("%s", (_name, entries) => {
    const fd = form(entries);
    expect(readLiveFields(fd)).toEqual(zodParse(fd));
  });

  // Where the schema refuses a variation for a field the totals do not use, the totals still count its rows.
  it.each<[string, Array<[string, string]>]>([
    [
      "a variation id that is no number",
      [
        ["variations[0].id", "x"],
        ["variations[0].linked[0].sku", "b"],
      ],
    ],
    [
      "a variation name over 120 characters",
      [
        ["variations[0].name", "x".repeat(121)],
        ["variations[0].linked[0].sku", "b"],
      ],
    ],
    [
      "an unknown attribute",
      [
        ["variations[0].attributes.color", "x"],
        ["variations[0].linked[0].sku", "b"],
      ],
    ],
  ])("%s: the schema refuses it, the totals read its rows", (_name, entries) => {
    const fd = form(entries);
    expect(zodParse(fd)).toBeNull();
    expect(readLiveFields(fd)).toEqual({ linked: [], variations: [{ linked: [{ sku: "B", qty: 1, discount: 0 }] }], warehouses: [] });
  });
});

describe("the button at work", () => {
  it.each<[FormDataEntryValue | null, string]>([
    [null, "save"],
    ["recalc", "recalc"],
    [JSON.stringify({ type: "upload", sku: "QO120" }), "upload"],
    ["{not json", ""],
    [JSON.stringify({ sku: "QO120" }), ""],
  ])("%j: %j", (raw, expected) => {
    expect(busyIntent(raw)).toBe(expected);
  });
});
