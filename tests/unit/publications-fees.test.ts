import { describe, expect, it } from "vitest";
import { clampDiscount, clampQty, commissionRate, computeCost, lineTotal, rateFromCommission, round2 } from "~/modules/publications/fees";

// Spec 1 §9: price / (1 − rate), rate 0.2 when not positive, shipment fallback 30, flat 25 deducted at or
// below the shipment constant 298.5, IVA on the discounted line price, total rounded to 2 decimals.
describe("fee maths (spec 1 §9)", () => {
  it.each([
    // [commission, expected rate]
    [0.135, 0.135],
    [0, 0.2],
    [-0.1, 0.2],
    [null, 0.2],
    [undefined, 0.2],
    [Number.NaN, 0.2],
    [1, 0.2],
  ])("commission %s gives rate %s", (commission, rate) => {
    expect(commissionRate(commission as number | null | undefined)).toBe(rate);
  });

  it.each([
    // [price, qty, discount, iva, line total with IVA on the discounted price]
    [100, 1, 0, 0.16, 116],
    [100, 2, 10, 0.16, 208.8],
    [100, 1, 37, 0.16, 104.4], // discount clamped to 10
    [100, 0, 0, 0.16, 116], // qty at least 1
    [59.9, 3, 5, 0.16, 198.0294],
  ])("line %s × %s at %s %% (iva %s) = %s", (price, qty, discount, iva, expected) => {
    expect(lineTotal({ price, qty, discount }, iva)).toBeCloseTo(expected, 4);
  });

  it.each([
    // [lines, commission, shipmentCost, expected {subtotal, fee, total}]
    // Above the constant: (subtotal + 25) / (1 − 0.135) − subtotal.
    [[{ price: 1000, qty: 1, discount: 0 }], 0.135, 25, { subtotal: 1160, fee: 209.94, total: 1369.94 }],
    // Commission missing: 0.2.
    [[{ price: 1000, qty: 1, discount: 0 }], null, 25, { subtotal: 1160, fee: 321.25, total: 1481.25 }],
    // No shipment cost: fallback 30.
    [[{ price: 1000, qty: 1, discount: 0 }], 0.2, 0, { subtotal: 1160, fee: 327.5, total: 1487.5 }],
    // At or below 298.5: the flat 25 is deducted from the fee.
    [[{ price: 100, qty: 1, discount: 0 }], 0.2, 25, { subtotal: 116, fee: 35.25, total: 151.25 }],
    // Exactly at the constant counts as "at or below".
    [[{ price: 257.327586, qty: 1, discount: 0 }], 0.2, 25, { subtotal: 298.5, fee: 80.88, total: 379.38 }],
    // Just above: no deduction.
    [[{ price: 258, qty: 1, discount: 0 }], 0.2, 25, { subtotal: 299.28, fee: 106.07, total: 405.35 }],
    // Discount applies before IVA; several lines.
    [
      [
        { price: 200, qty: 2, discount: 10 },
        { price: 50, qty: 1, discount: 0 },
      ],
      0.15,
      25,
      { subtotal: 475.6, fee: 113.34, total: 588.94 },
    ],
    // Nothing linked: nothing to charge.
    [[], 0.15, 25, { subtotal: 0, fee: 0, total: 0 }],
  ])("cost of %j (commission %s, shipment %s)", (lines, commission, shipmentCost, expected) => {
    const cost = computeCost({ lines, commission, shipmentCost });
    expect({ subtotal: cost.subtotal, fee: cost.fee, total: cost.total }).toEqual(expected);
  });

  it("under the constant the flat 25 offsets the default shipment: only the commission on it remains", () => {
    const cost = computeCost({ lines: [{ price: 1, qty: 1, discount: 0 }], commission: 0.1, shipmentCost: 25 });
    expect(cost).toMatchObject({ subtotal: 1.16, shipment: 25, fee: 2.91, total: 4.07 });
  });

  it("rounds to cents", () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
  });

  it.each([
    [37, 10],
    [-3, 0],
    ["abc", 0],
    [5.5, 5.5],
  ])("discount %s is clamped to %s", (input, expected) => expect(clampDiscount(input)).toBe(expected));

  it.each([
    [0, 1],
    [-2, 1],
    ["x", 1],
    [3.7, 3],
    [12, 12],
  ])("qty %s becomes %s", (input, expected) => expect(clampQty(input)).toBe(expected));

  it("reads the rate from the marketplace's commission answer", () => {
    expect(rateFromCommission({ saleFeeAmount: 40, percentageFee: 13.5, fixedFee: 25 }, 100)).toBeCloseTo(0.135);
    expect(rateFromCommission({ saleFeeAmount: 40, percentageFee: null, fixedFee: 25 }, 100)).toBeCloseTo(0.15);
    expect(rateFromCommission(null, 100)).toBeNull();
  });
});
