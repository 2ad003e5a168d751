import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  applyLineDiscount,
  computeTotals,
  decideGlobalDiscount,
  erpQuotationId,
  formatPhone,
  marketplaceThresholdCents,
  documentScreen,
  formatCents,
  MESSAGES,
  parseQuantity,
  quotationFolio,
  unitPriceCents,
} from "~/modules/quotations/pricing";
import { addLine, priceDraft, readDraftData } from "~/modules/quotations/draft";
import { diffQuote } from "~/modules/quotations/stored.server";
import { excelFileName } from "~/modules/quotations/document";

describe("list price (spec 2 §5: Precio 3 uses precio3, anything else precio2; Dolares × rate, 2 decimals)", () => {
  const cases: Array<[string, { price2: number; price3: number; currency: "Pesos" | "Dolares" }, "Precio 2" | "Precio 3", number, number]> =
    [
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
    ["1", 1],
    ["2.5", 2.5],
    [" 3 ", 3],
    ["0.0015", 0.002],
    ["", null],
    ["abc", null],
    ["-5", null],
    ["0", null],
    ["1.2.3", null],
    ["1,5", null],
    [".", null],
  ];
  it.each(cases)("%j → %j", (raw, expected) => {
    expect(parseQuantity(raw)).toBe(expected);
  });
  it("keeps the spec's text", () => expect(MESSAGES.badQuantity).toBe("No se agregó el articulo, revisa valor ingresado"));
});

describe("global discount (spec 2 §5: forced to 0 for Precio 3, capped at 6 percent otherwise)", () => {
  // [requested, list, stored, the user is told it was lowered]
  const cases: Array<[number, "Precio 2" | "Precio 3", number, boolean]> = [
    [0, "Precio 2", 0, false],
    [6, "Precio 2", 6, false],
    [5.5, "Precio 2", 5.5, false],
    [6.01, "Precio 2", 6, true],
    [10, "Precio 2", 6, true],
    [0, "Precio 3", 0, false],
    [3, "Precio 3", 0, true],
    [10, "Precio 3", 0, true],
  ];
  it.each(cases)("%d %% for %s", (requested, list, percent, told) => {
    const d = decideGlobalDiscount(requested, list);
    expect(d.percent).toBe(percent);
    expect(Boolean(d.notice)).toBe(told);
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
    [
      [
        { priceCents: 10, qty: 3 },
        { priceCents: 20, qty: 1 },
      ],
      0,
      0,
      { linesCents: 50, discountCents: 0, subtotalCents: 50, ivaCents: 8, totalCents: 58 },
    ],
    [
      [
        { priceCents: 39453, qty: 1 },
        { priceCents: 13900, qty: 1 },
      ],
      0,
      0,
      { linesCents: 53353, discountCents: 0, subtotalCents: 53353, ivaCents: 8536, totalCents: 61889 },
    ],
    [
      [{ priceCents: 10000, qty: 2.5 }],
      6,
      15000,
      { linesCents: 25000, discountCents: 1500, subtotalCents: 38500, ivaCents: 6160, totalCents: 44660 },
    ],
    [
      [{ priceCents: 33333, qty: 3 }],
      5.5,
      0,
      { linesCents: 99999, discountCents: 5500, subtotalCents: 94499, ivaCents: 15120, totalCents: 109619 },
    ],
  ] as const)("case %#", (lines, discount, shipment, expected) => {
    expect(computeTotals([...lines], discount, shipment)).toMatchObject(expected);
  });
});

describe('Mercado Libre order type (spec 2 §9 "Marketplace quotation", worked by hand from its words)', () => {
  // factor = 1/(1 − rate); amount = (subtotal + shipment) × factor; threshold = 298.5 / factor − 25;
  // v3 adds 25 when the amount is at or under the threshold, v4 adds nothing; IVA 16 % of the result.
  // Clásica 13 %: threshold 298.5 × 0.87 = 259.695 → 259.70 − 25 = 234.70.
  // Premium 17.5 %: threshold 298.5 × 0.825 = 246.2625 → 246.26 − 25 = 221.26.
  type Case = [
    string,
    { lines: number; discount: number; shipment: number; rate: number; screen: "v3" | "v4" },
    { marketplace: number; subtotal: number; iva: number; total: number },
  ];
  const cases: Case[] = [
    // 1000 / 0.87 = 1149.4253 → 1149.43, above 234.70; IVA 183.9088 → 183.91.
    [
      "v3, Clásica, above the threshold",
      { lines: 100000, discount: 0, shipment: 0, rate: 0.13, screen: "v3" },
      { marketplace: 14943, subtotal: 114943, iva: 18391, total: 133334 },
    ],
    // 100 / 0.87 = 114.9425 → 114.94 ≤ 234.70 → + 25 = 139.94; IVA 22.3904 → 22.39.
    [
      "v3, Clásica, under the threshold adds 25",
      { lines: 10000, discount: 0, shipment: 0, rate: 0.13, screen: "v3" },
      { marketplace: 3994, subtotal: 13994, iva: 2239, total: 16233 },
    ],
    // Same in v4: 114.94 and nothing added; IVA 18.3904 → 18.39.
    [
      "v4, Clásica, under the threshold adds nothing",
      { lines: 10000, discount: 0, shipment: 0, rate: 0.13, screen: "v4" },
      { marketplace: 1494, subtotal: 11494, iva: 1839, total: 13333 },
    ],
    // 204.19 / 0.87 = 234.7011 → 234.70, exactly the threshold ("at or under") → 259.70; IVA 41.552 → 41.55.
    [
      "v3, at the threshold adds 25",
      { lines: 20419, discount: 0, shipment: 0, rate: 0.13, screen: "v3" },
      { marketplace: 5551, subtotal: 25970, iva: 4155, total: 30125 },
    ],
    // 204.20 / 0.87 = 234.7126 → 234.71, one cent over → nothing added; IVA 37.5536 → 37.55.
    [
      "v3, a cent over the threshold adds nothing",
      { lines: 20420, discount: 0, shipment: 0, rate: 0.13, screen: "v3" },
      { marketplace: 3051, subtotal: 23471, iva: 3755, total: 27226 },
    ],
    // 300 − 5 % = 285; (285 + 120) / 0.825 = 490.9091 → 490.91 > 221.26; the shipment is inside it.
    [
      "v3, Premium, discount and shipment",
      { lines: 30000, discount: 5, shipment: 12000, rate: 0.175, screen: "v3" },
      { marketplace: 8591, subtotal: 49091, iva: 7855, total: 56946 },
    ],
    // (50 + 30) / 0.87 = 91.954 → 91.95 ≤ 234.70 → 116.95; IVA 18.712 → 18.71.
    [
      "v3, Clásica, shipment and under the threshold",
      { lines: 5000, discount: 0, shipment: 3000, rate: 0.13, screen: "v3" },
      { marketplace: 3695, subtotal: 11695, iva: 1871, total: 13566 },
    ],
    // (100 + 50) / 0.825 = 181.8182 → 181.82; IVA 29.0912 → 29.09.
    [
      "v4, Premium, with shipment",
      { lines: 10000, discount: 0, shipment: 5000, rate: 0.175, screen: "v4" },
      { marketplace: 3182, subtotal: 18182, iva: 2909, total: 21091 },
    ],
  ];
  it.each(cases)("%s", (_name, c, expected) => {
    const t = computeTotals([{ priceCents: c.lines, qty: 1 }], c.discount, c.shipment, { feeRate: c.rate, screen: c.screen });
    expect(t).toMatchObject({
      marketplaceCents: expected.marketplace,
      subtotalCents: expected.subtotal,
      ivaCents: expected.iva,
      totalCents: expected.total,
    });
    // The totals block adds up: Importe − Descuento + Envío + ajuste = Subtotal.
    expect(t.linesCents - t.discountCents + t.shipmentCents + t.marketplaceCents).toBe(t.subtotalCents);
  });
  it.each([
    [0.13, 23470],
    [0.175, 22126],
    [0, 27350],
  ])("threshold at fee %d is %d cents", (rate, cents) => {
    expect(marketplaceThresholdCents(rate)).toBe(cents);
  });
  it("a normal quote has no adjustment", () => {
    expect(computeTotals([{ priceCents: 10000, qty: 1 }], 0, 5000).marketplaceCents).toBe(0);
  });
  it("Clásica uses gold_special, Premium gold_pro; lines keep their list price; no totals before a category", () => {
    const base = readDraftData({ orderType: "mercadolibre", lines: [{ sku: "A", description: "a", qty: 1, price2: 100, price3: 90 }] });
    expect(priceDraft(base, 18).totals).toBeNull();
    const category = { title: "Cables", goldPro: 0.175, goldSpecial: 0.13 };
    const classic = priceDraft({ ...base, category, listingType: "gold_special" }, 18);
    expect(classic.lines[0].priceCents).toBe(10000);
    expect(classic.totals?.subtotalCents).toBe(13994);
    // 100 / 0.825 = 121.2121 → 121.21 ≤ 221.26 → 146.21 in v3; 121.21 in v4.
    expect(priceDraft({ ...base, category, listingType: "gold_pro" }, 18).totals?.subtotalCents).toBe(14621);
    expect(priceDraft({ ...base, category, listingType: "gold_pro" }, 18, "v4").totals?.subtotalCents).toBe(12121);
  });
});

describe("draft rules", () => {
  it("a product already present rises by its quantity instead of a second line", () => {
    const line = {
      sku: "A",
      type: "product" as const,
      description: "a",
      qty: 1,
      price2: 1,
      price3: 1,
      currency: "Pesos" as const,
      stockTotal: 0,
      customPriceCents: null,
      discount: 0,
      note: "",
    };
    const twice = addLine(addLine(readDraftData({}), line), line);
    expect(twice.lines).toHaveLength(1);
    expect(twice.lines[0].qty).toBe(2);
  });
  it("Precio 3 clients never get the global discount in totals", () => {
    const d = readDraftData({
      client: { key: "C1", name: "X", priceList: "Precio 3" },
      globalDiscount: 5,
      lines: [{ sku: "A", description: "a", qty: 1, price2: 100, price3: 90 }],
    });
    expect(priceDraft(d, 18).totals?.discountCents).toBe(0);
  });
});

describe("Excel export name (spec 2 §9: YYMMDDHHmmss; Mexico City time; still a real .xlsx)", () => {
  it.each([
    // 05:30:07 UTC is 23:30:07 the day before in Mexico City (UTC−6).
    ["2026-03-05T05:30:07Z", "260304233007.xlsx"],
    ["2026-11-26T18:04:09Z", "261126120409.xlsx"],
    // Midnight is hour 00, not 24.
    ["2026-01-01T06:00:00Z", "260101000000.xlsx"],
  ])("%s → %s", (iso, name) => {
    expect(excelFileName(new Date(iso))).toBe(name);
  });
});

describe("formats and numbering", () => {
  it.each([
    ["5512345678", "551-234-5678"],
    ["55 1234", "551-234"],
    ["(55) 1234-5678 99", "551-234-5678"],
    ["", ""],
  ])("phone %j", (raw, out) => {
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
      {
        client: "A",
        total: 100,
        discount: 0,
        lines: [
          { sku: "X", qty: 1, price: 10 },
          { sku: "Y", qty: 2, price: 5 },
        ],
      },
      {
        client: "A",
        total: 120,
        discount: 0,
        lines: [
          { sku: "X", qty: 3, price: 10 },
          { sku: "Z", qty: 1, price: 1 },
        ],
      },
    );
    expect(changes.map((c) => c.field)).toEqual(["Cantidad X", "Artículo Z", "Artículo Y", "Total"]);
  });
});

describe("documentScreen", () => {
  // A document's refusal is said on the screen its button is on (v4 is /quotations).
  it.each([
    ["v4", { screen: "v4", back: "/quotations" }],
    ["v3", { screen: "v3", back: "/products/quotation" }],
    [null, { screen: "v3", back: "/products/quotation" }],
    ["V4", { screen: "v3", back: "/products/quotation" }],
  ])("%s → %j", (param, expected) => {
    expect(documentScreen(param)).toEqual(expected);
  });
});
