import { describe, expect, it } from "vitest";
import {
  addBusinessDays, applyLineDiscount, computeTotals, decideGlobalDiscount, erpQuotationId, formatPhone, marketplaceUnitCents,
  formatCents, MESSAGES, parseQuantity, quotationFolio, unitPriceCents,
} from "~/modules/quotations/pricing";
import { addLine, priceDraft, readDraftData } from "~/modules/quotations/draft";
import { diffQuote } from "~/modules/quotations/stored.server";

describe("list price (spec 2 §5: Precio 3 uses precio3, anything else precio2; Dolares × rate, 2 decimals)", () => {
  const cases: Array<[string, { price2: number; price3: number; currency: "Pesos" | "Dolares" }, "Precio 2" | "Precio 3", number, number]> = [
    ["Precio 2 in pesos", { price2: 120.5, price3: 100, currency: "Pesos" }, "Precio 2", 18, 12050],
    ["Precio 3 in pesos", { price2: 120.5, price3: 100.25, currency: "Pesos" }, "Precio 3", 18, 10025],
    ["Precio 2 in dollars", { price2: 10.05, price3: 9, currency: "Dolares" }, "Precio 2", 17.5, 17588],
    ["Precio 3 in dollars", { price2: 10, price3: 1.005, currency: "Dolares" }, "Precio 3", 20, 2010],
    ["dollars at a 4-decimal rate", { price2: 3.33, price3: 3, currency: "Dolares" }, "Precio 2", 18.1234, 6035],
  ];
  it.each(cases)("%s", (_name, article, list, rate, cents) => {
    expect(unitPriceCents(article, list, rate)).toBe(cents);
  });
});

describe("quantity (digits and dot only; otherwise the spec's message)", () => {
  const cases: Array<[string, number | null]> = [
    ["1", 1], ["2.5", 2.5], [" 3 ", 3], ["0.0015", 0.002], ["", null], ["abc", null], ["-5", null], ["0", null], ["1.2.3", null], ["1,5", null], [".", null],
  ];
  it.each(cases)("%j → %j", (raw, expected) => {
    expect(parseQuantity(raw)).toBe(expected);
  });
  it("keeps the spec's text", () => expect(MESSAGES.badQuantity).toBe("No se agregó el articulo, revisa valor ingresado"));
});

describe("global discount: at most 6 %, 0 for Precio 3, larger values refused", () => {
  const cases: Array<[number, "Precio 2" | "Precio 3", boolean, number]> = [
    [0, "Precio 2", true, 0], [6, "Precio 2", true, 6], [5.5, "Precio 2", true, 5.5], [6.01, "Precio 2", false, 6], [10, "Precio 2", false, 6],
    [0, "Precio 3", true, 0], [3, "Precio 3", false, 0],
  ];
  it.each(cases)("%d %% for %s", (requested, list, ok, percent) => {
    const d = decideGlobalDiscount(requested, list);
    expect(d.ok).toBe(ok);
    expect(d.percent).toBe(percent);
  });
});

describe("line discount lowers the price and remembers the original; 0 restores it", () => {
  it.each([
    [10000, 10, 9000, 10000],
    [3333, 15, 2833, 3333],
    [10000, 0, 10000, null],
  ] as const)("%d cents at %d %%", (price, pct, after, original) => {
    const r = applyLineDiscount({ priceCents: price, originalPriceCents: null }, pct);
    expect(r.priceCents).toBe(after);
    expect(r.originalPriceCents).toBe(original);
    expect(applyLineDiscount(r, 0)).toEqual({ priceCents: price, originalPriceCents: null, discount: 0 });
  });
});

describe("amounts as shown", () => {
  it("a zero discount, shown negated, reads $0.00 (never -$0.00)", () => {
    expect(formatCents(-0)).toBe("$0.00");
    expect(formatCents(-150)).toBe("-$1.50");
  });
});

describe("totals in integer cents (16 % IVA, no float drift)", () => {
  it.each([
    // 3 × 0.10 + 0.20: float sums give 0.5000000001; cents give exactly 50.
    [[{ priceCents: 10, qty: 3 }, { priceCents: 20, qty: 1 }], 0, 0, { linesCents: 50, discountCents: 0, subtotalCents: 50, ivaCents: 8, totalCents: 58 }],
    [[{ priceCents: 39453, qty: 1 }, { priceCents: 13900, qty: 1 }], 0, 0, { linesCents: 53353, discountCents: 0, subtotalCents: 53353, ivaCents: 8536, totalCents: 61889 }],
    [[{ priceCents: 10000, qty: 2.5 }], 6, 15000, { linesCents: 25000, discountCents: 1500, subtotalCents: 38500, ivaCents: 6160, totalCents: 44660 }],
    [[{ priceCents: 33333, qty: 3 }], 5.5, 0, { linesCents: 99999, discountCents: 5500, subtotalCents: 94499, ivaCents: 15120, totalCents: 109619 }],
  ] as const)("case %#", (lines, discount, shipment, expected) => {
    expect(computeTotals([...lines], discount, shipment)).toMatchObject(expected);
  });
});

describe("marketplace price (docs/decisions/0007: grossed up so the fee leaves the list price)", () => {
  it.each([
    [10000, 0.13, 11495],
    [10000, 0.175, 12122],
    [5200, 0, 5200],
  ])("%d cents at fee %d", (price, rate, expected) => {
    const gross = marketplaceUnitCents(price, rate);
    expect(gross).toBe(expected);
    // What is left after the fee is never below the list price.
    expect(gross * (1 - rate)).toBeGreaterThanOrEqual(price - 1e-6);
  });
  it("Clásica uses gold_special, Premium gold_pro, and no totals before a category", () => {
    const base = readDraftData({ orderType: "mercadolibre", lines: [{ sku: "A", description: "a", qty: 1, price2: 100, price3: 90 }] });
    expect(priceDraft(base, 18).totals).toBeNull();
    const category = { title: "Cables", goldPro: 0.175, goldSpecial: 0.13 };
    expect(priceDraft({ ...base, category, listingType: "gold_special" }, 18).lines[0].priceCents).toBe(11495);
    expect(priceDraft({ ...base, category, listingType: "gold_pro" }, 18).lines[0].priceCents).toBe(12122);
  });
});

describe("draft rules", () => {
  it("a product already present rises by its quantity instead of a second line", () => {
    const line = { sku: "A", type: "product" as const, description: "a", qty: 1, price2: 1, price3: 1, currency: "Pesos" as const, stockTotal: 0, customPriceCents: null, discount: 0, note: "" };
    const twice = addLine(addLine(readDraftData({}), line), line);
    expect(twice.lines).toHaveLength(1);
    expect(twice.lines[0].qty).toBe(2);
  });
  it("Precio 3 clients never get the global discount in totals", () => {
    const d = readDraftData({ client: { key: "C1", name: "X", priceList: "Precio 3" }, globalDiscount: 5, lines: [{ sku: "A", description: "a", qty: 1, price2: 100, price3: 90 }] });
    expect(priceDraft(d, 18).totals?.discountCents).toBe(0);
  });
});

describe("formats and numbering", () => {
  it.each([["5512345678", "551-234-5678"], ["55 1234", "551-234"], ["(55) 1234-5678 99", "551-234-5678"], ["", ""]])("phone %j", (raw, out) => {
    expect(formatPhone(raw)).toBe(out);
  });
  it("quoationId is the Mexico City day as YYMMDD", () => {
    expect(erpQuotationId(new Date("2026-03-05T05:30:00Z"))).toBe("260304");
    expect(erpQuotationId(new Date("2026-03-05T18:00:00Z"))).toBe("260305");
  });
  it("folios and revisions", () => {
    expect(quotationFolio(2026, 123)).toBe("COT-2026-000123");
    expect(quotationFolio(2026, 123, 2)).toBe("COT-2026-000123-R2");
  });
  it("validity counts business days only", () => {
    expect(addBusinessDays("2026-11-20", 5)).toBe("2026-11-27"); // Friday → next Friday
    expect(addBusinessDays("2026-11-23", 5)).toBe("2026-11-30"); // Monday → next Monday
  });
  it("a revision lists what changed", () => {
    const changes = diffQuote(
      { client: "A", total: 100, discount: 0, lines: [{ sku: "X", qty: 1, price: 10 }, { sku: "Y", qty: 2, price: 5 }] },
      { client: "A", total: 120, discount: 0, lines: [{ sku: "X", qty: 3, price: 10 }, { sku: "Z", qty: 1, price: 1 }] },
    );
    expect(changes.map((c) => c.field)).toEqual(["Cantidad X", "Artículo Z", "Artículo Y", "Total"]);
  });
});
