import { describe, expect, it } from "vitest";
import {
  COMBO_TEXTS,
  EAN_TEXTS,
  addComboLine,
  capitaliseWords,
  checkComboQty,
  checkEan,
  comboPrice,
  comboStock,
  isComboId,
  mergeProperties,
  newComboId,
  normaliseManufacturerSku,
  normaliseNewSku,
  normalisePropertyName,
  productSlug,
  wouldCreateCycle,
} from "~/modules/catalog/product-rules";

describe("new SKU and manufacturer key (spec 5: uppercased on creation, whitespace removed from the SKU)", () => {
  it.each([
    ["abc-12", "ABC-12"],
    ["  ab c 1\t2 ", "ABC12"],
    ["SKU", "SKU"],
  ])("SKU %j → %j", (raw, sku) => expect(normaliseNewSku(raw)).toBe(sku));
  it.each([
    [" qo-120 ", "QO-120"],
    ["a b", "A B"],
  ])("manufacturer key %j → %j", (raw, key) => expect(normaliseManufacturerSku(raw)).toBe(key));
});

describe("name capitalised first letter per word (spec 5)", () => {
  it.each([
    ["cable thw calibre 12", "Cable Thw Calibre 12"],
    ["  interruptor   ÉLITE  ", "Interruptor ÉLITE"],
    ["ñandú eléctrico", "Ñandú Eléctrico"],
    ["LED 9W", "LED 9W"],
  ])("%j → %j", (raw, name) => expect(capitaliseWords(raw)).toBe(name));
});

describe("product slug: SKU plus name, lowercased, *+~.¬=|°,?/%&$#()'\"!:@ removed, spaces to hyphens (spec 5)", () => {
  it.each([
    ["ABC1", "Cable Thw", "abc1-cable-thw"],
    ["QO120", "Pastilla 1/2 (20A)", "qo120-pastilla-12-20a"],
    ["X-9", "Foco: 9.5W @ 127V!", "x-9-foco-95w-127v"],
    ["S1", "a*b+c~d¬e=f|g°h,i?j%k&l$m#n'o\"p", "s1-abcdefghijklmnop"],
  ])("%s %j → %s", (sku, name, slug) => expect(productSlug(sku, name)).toBe(slug));
});

describe("EAN/UPC (spec 5: a numeric input; 0 or empty skipped)", () => {
  it.each([
    ["", { kind: "empty" }],
    ["0", { kind: "empty" }],
    ["000", { kind: "empty" }],
    ["12345", { kind: "valid", value: "12345" }],
    // Lengths that are not a GTIN's (internal or short shop codes) are kept as typed.
    ["1234567", { kind: "valid", value: "1234567" }],
    ["1234567890", { kind: "valid", value: "1234567890" }],
    ["12345678901", { kind: "valid", value: "12345678901" }],
    [" 750100 ", { kind: "valid", value: "750100" }],
    ["40063813339a1", { kind: "invalid", message: EAN_TEXTS.digitsOnly }],
    ["-5", { kind: "invalid", message: EAN_TEXTS.digitsOnly }],
    ["12.5", { kind: "invalid", message: EAN_TEXTS.digitsOnly }],
  ])("%j", (raw, expected) => expect(checkEan(raw)).toEqual(expected));
});

/**
 * Real GTINs (published GS1 / manufacturer examples) and their neighbours with the last digit off by
 * one: a GTIN-length code (8, 12, 13, 14 digits) must carry its check digit (decision 0015).
 */
describe("EAN/UPC check digit for GTIN-8, -12, -13 and -14", () => {
  const valid = (code: string) => ({ kind: "valid", value: code });
  const wrong = { kind: "invalid", message: EAN_TEXTS.checkDigit };
  it.each([
    // EAN-8
    ["96385074", valid("96385074")],
    ["96385075", wrong],
    ["73513537", valid("73513537")],
    ["73513536", wrong],
    // UPC-A (GTIN-12)
    ["036000291452", valid("036000291452")],
    ["036000291453", wrong],
    ["012345678905", valid("012345678905")],
    ["012345678904", wrong],
    // EAN-13
    ["4006381333931", valid("4006381333931")],
    ["4006381333932", wrong],
    ["5901234123457", valid("5901234123457")],
    ["5901234123458", wrong],
    // GTIN-14 (a UPC-A padded with leading zeros keeps its check digit; a case code of the same item)
    ["00036000291452", valid("00036000291452")],
    ["00036000291451", wrong],
    ["10012345678902", valid("10012345678902")],
    ["10012345678903", wrong],
    // Letters and spaces keep their message whatever the length.
    ["400638133393a", { kind: "invalid", message: EAN_TEXTS.digitsOnly }],
    ["4006 381333931", { kind: "invalid", message: EAN_TEXTS.digitsOnly }],
  ])("%s", (code, expected) => expect(checkEan(code)).toEqual(expected));
});

describe("property merge (spec 7: names equal after lowercase, accents and non-alphanumerics removed are skipped)", () => {
  it("normalises names", () => {
    expect(normalisePropertyName("Tensión (V)")).toBe("tensionv");
    expect(normalisePropertyName("  CORRIENTE-máx. ")).toBe("corrientemax");
  });
  it("adds new names after the existing ones and skips equal ones", () => {
    const existing = [{ name: "Tensión", value: "127 V", isSelector: true }];
    const { merged, skipped } = mergeProperties(existing, [
      { name: "tension", value: "220 V" },
      { name: "Color", value: "Blanco" },
      { name: "COLOR.", value: "Negro" },
      { name: "¿?", value: "x" },
    ]);
    expect(merged).toEqual([
      { name: "Tensión", value: "127 V", isSelector: true },
      { name: "Color", value: "Blanco", isSelector: false },
    ]);
    expect(skipped.map((s) => s.name)).toEqual(["tension", "COLOR.", "¿?"]);
  });
});

describe("combo stock = min floor(stock / qty), price = Σ price × qty (spec 5)", () => {
  const a = { id: "A", name: "a", price: 10.1, stock: 10, qty: 3 };
  const b = { id: "B", name: "b", price: 0.35, stock: 7, qty: 1 };
  it.each([
    [[a, b], { stock: 3, limitedBy: "A" }, 30.65],
    [[b, a], { stock: 3, limitedBy: "A" }, 30.65],
    [[{ ...a, qty: 1 }, b], { stock: 7, limitedBy: "B" }, 10.45],
    [[{ ...a, stock: 2 }], { stock: 0, limitedBy: "A" }, 30.3],
    [[], { stock: 0, limitedBy: null }, 0],
  ])("%#", (lines, stock, price) => {
    expect(comboStock(lines)).toEqual(stock);
    expect(comboPrice(lines)).toBe(price);
  });
  it("quantity above 0 and not above the stock (spec 5 messages)", () => {
    expect(checkComboQty(0, 5)).toEqual({ ok: false, qty: 1, title: COMBO_TEXTS.qtyZeroTitle, message: "La cantidad debe ser mayor a 0" });
    expect(checkComboQty(6, 5)).toEqual({
      ok: false,
      qty: 1,
      title: COMBO_TEXTS.qtyOverStockTitle,
      message: "La cantidad es mayor al stock disponible",
    });
    expect(checkComboQty(5, 5)).toEqual({ ok: true, qty: 5 });
  });
  it("a product already present gets +1", () => {
    const lines = addComboLine(addComboLine([], { id: "A", name: "a", price: 1, stock: 5 }), { id: "A", name: "a", price: 1, stock: 5 });
    expect(lines).toEqual([{ id: "A", name: "a", price: 1, stock: 5, qty: 2 }]);
  });
  it("combo id: 7 characters A–Z, 0–9 (spec 9)", () => {
    for (let i = 0; i < 50; i++) expect(newComboId()).toMatch(/^[A-Z0-9]{7}$/);
    expect(newComboId(() => 0)).toBe("AAAAAAA");
    expect(newComboId((n) => n - 1)).toBe("9999999");
    expect(isComboId("AB12CD3")).toBe(true);
    expect(isComboId("ab12cd3")).toBe(false);
  });
});

describe("tree cycle check: a node never becomes its own ancestor", () => {
  // 1 ← 2 ← 3 ← 4 ; 5 alone
  const parents: Record<number, number | null> = { 1: null, 2: 1, 3: 2, 4: 3, 5: null };
  const parentOf = (id: number) => parents[id];
  it.each([
    [1, 4, true],
    [2, 3, true],
    [3, 3, true],
    [4, 1, false],
    [1, 5, false],
    [5, null, false],
  ])("node %i under %s → cycle %s", (node, parent, cycle) => expect(wouldCreateCycle(node, parent, parentOf)).toBe(cycle));
});
