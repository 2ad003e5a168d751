import { describe, expect, it } from "vitest";
import { articlePrice, discountedCents, dollarHint, exchangeRateOf, pesoPrice, PRICING_MESSAGES } from "~/modules/pricing/price";
import { unitPriceCents } from "~/modules/quotations/pricing";

// Spec 2 §5 "Prices": Precio 3 uses precio3, otherwise precio2; products with monedaprecio "Dolares"
// are multiplied by dollarPrice and fixed to 2 decimals. Expected values worked out by hand.
const LRD14 = { price2: 43.1, price3: 39.65, currency: "Dolares" }; // demo seed: 43.10, precio3 = 43.10 × 0.92
const PELACABLES = { price2: 21.5, price3: 19.78, currency: "Dolares" }; // 11055
const CINTA = { price2: 19, price3: 17.48, currency: "Pesos" }; // CIN-19N

describe("the one pricing function (spec 2 §5 Prices)", () => {
  const cases: Array<[string, typeof CINTA, "Precio 2" | "Precio 3", number | null, number]> = [
    // 21.50 × 18.35 = 394.525 → 394.53 (half up)
    ["dollar article, Precio 2", PELACABLES, "Precio 2", 18.35, 39453],
    // 19.78 × 18.35 = 362.963 → 362.96
    ["dollar article, Precio 3", PELACABLES, "Precio 3", 18.35, 36296],
    // 43.10 × 18.35 = 790.885 → 790.89 (the quoter's figure for LRD14)
    ["LRD14, Precio 2", LRD14, "Precio 2", 18.35, 79089],
    // 39.65 × 18.35 = 727.5775 → 727.58
    ["LRD14, Precio 3", LRD14, "Precio 3", 18.35, 72758],
    ["peso article, Precio 2", CINTA, "Precio 2", 18.35, 1900],
    ["peso article, Precio 3", CINTA, "Precio 3", 18.35, 1748],
    ["peso article needs no rate", CINTA, "Precio 2", null, 1900],
    // 21.50 × 17.1234 = 368.1531 → 368.15
    ["dollar article at a 4-decimal rate", PELACABLES, "Precio 2", 17.1234, 36815],
  ];
  it.each(cases)("%s", (_name, article, list, rate, cents) => {
    const price = articlePrice(article, list, rate);
    expect(price.ok && price.cents).toBe(cents);
    // The quoters price through the same function.
    expect(unitPriceCents(article as never, list, rate)).toBe(cents);
  });

  it("keeps the dollar figure and the rate of a dollar price, none for a peso price", () => {
    const dollar = pesoPrice({ amount: 21.5, currency: "Dolares" }, 18.35);
    expect(dollar).toMatchObject({ ok: true, currency: "Dolares", amount: 21.5, rate: 18.35, listCents: 39453 });
    expect(dollar.ok && dollarHint(dollar)).toBe("US$21.50 × 18.35");
    const peso = pesoPrice({ amount: 19, currency: "Pesos" }, 18.35);
    expect(peso).toMatchObject({ ok: true, currency: "Pesos", rate: null });
    expect(peso.ok && dollarHint(peso)).toBeNull();
  });

  it("a discount lowers the peso price by its percentage, once, to the cent", () => {
    // 394.53 less 10 % = 355.077 → 355.08; less 4 % = 378.7488 → 378.75
    expect(pesoPrice({ amount: 21.5, currency: "Dolares" }, 18.35, 10)).toMatchObject({ cents: 35508, listCents: 39453 });
    expect(pesoPrice({ amount: 21.5, currency: "Dolares" }, 18.35, 4)).toMatchObject({ cents: 37875 });
    expect(discountedCents(1900, 0)).toBe(1900);
    expect(discountedCents(1900, 100)).toBe(0);
  });
});

describe("a price that cannot be worked out is refused, never guessed", () => {
  const refusals: Array<[string, { amount: number; currency: string }, number | null, "rate" | "currency"]> = [
    ["dollars with no rate", { amount: 21.5, currency: "Dolares" }, null, "rate"],
    ["dollars at rate 0", { amount: 21.5, currency: "Dolares" }, 0, "rate"],
    ["dollars at a negative rate", { amount: 21.5, currency: "Dolares" }, -18.35, "rate"],
    ["dollars at NaN", { amount: 21.5, currency: "Dolares" }, Number.NaN, "rate"],
    ["an unknown currency", { amount: 21.5, currency: "Euros" }, 18.35, "currency"],
    ["an empty currency", { amount: 21.5, currency: "" }, 18.35, "currency"],
  ];
  it.each(refusals)("%s", (_name, price, rate, reason) => {
    const result = pesoPrice(price, rate);
    expect(result).toMatchObject({ ok: false, reason });
    expect(!result.ok && result.message).toBe(
      reason === "rate" ? PRICING_MESSAGES.noRate : PRICING_MESSAGES.unknownCurrency(price.currency),
    );
  });
  it("the quoters get null, not a figure", () => {
    expect(unitPriceCents({ price2: 21.5, price3: 19.78, currency: "Dolares" }, "Precio 2", null)).toBeNull();
  });
});

describe("the dollar price as kept in settings", () => {
  it.each([
    [18.35, 18.35],
    ["18.35", 18.35],
    [" 17.5 ", 17.5],
    [0, null],
    ["0", null],
    [-1, null],
    ["", null],
    [null, null],
    [undefined, null],
    ["abc", null],
    [true, null],
    [{}, null],
  ] as const)("%j → %j", (raw, rate) => {
    expect(exchangeRateOf(raw)).toBe(rate);
  });
});
