import { describe, expect, it } from "vitest";
import {
  closeCheck,
  denominationCents,
  emptyPayment,
  parseMoney,
  parseQuantity,
  paymentCheck,
  paymentWay,
  saleTotals,
  setCardAmount,
  setMethodActive,
  toggleDiscount,
  discountNeedsCode,
  type Payment,
} from "~/modules/pdv/rules";

const pay = (cash: number | null, debit: number | null, credit: number | null): Payment => ({
  active: { cash: cash !== null, debit: debit !== null, credit: credit !== null },
  cents: { cash: cash ?? 0, debit: debit ?? 0, credit: credit ?? 0 },
});

describe("PDV totals (discount = base × rate, IVA 16 % of subtotal)", () => {
  it.each([
    // base 100.00, no discount: subtotal 100.00, IVA 16.00, total 116.00
    [[{ priceCents: 10000, qty: 1 }], 0, { baseCents: 10000, discountCents: 0, subtotalCents: 10000, ivaCents: 1600, totalCents: 11600 }],
    // base 250.00 with 2 %: discount 5.00, subtotal 245.00, IVA 39.20, total 284.20
    [[{ priceCents: 5000, qty: 5 }], 2, { baseCents: 25000, discountCents: 500, subtotalCents: 24500, ivaCents: 3920, totalCents: 28420 }],
    // base 99.99 with 10 %: discount 10.00 (9.999), subtotal 89.99, IVA 14.40 (14.3984), total 104.39
    [[{ priceCents: 9999, qty: 1 }], 10, { baseCents: 9999, discountCents: 1000, subtotalCents: 8999, ivaCents: 1440, totalCents: 10439 }],
    // two lines, 4 %: base 12.34×3 + 0.50×2 = 38.02; discount 1.52; subtotal 36.50; IVA 5.84; total 42.34
    [
      [
        { priceCents: 1234, qty: 3 },
        { priceCents: 50, qty: 2 },
      ],
      4,
      { baseCents: 3802, discountCents: 152, subtotalCents: 3650, ivaCents: 584, totalCents: 4234 },
    ],
  ] as const)("%j at %i %%", (lines, discount, expected) => {
    expect(saleTotals(lines, discount)).toEqual(expected);
  });
});

describe("PDV discount exclusivity", () => {
  it.each([
    [0, 2, 2],
    [2, 4, 4],
    [4, 4, 0],
    [8, 2, 2],
    [10, 10, 0],
    [2, 10, 10],
  ] as const)("active %i, pressed %i → %i", (current, pressed, next) => {
    expect(toggleDiscount(current, pressed)).toBe(next);
  });
  it("8 and 10 need a code, 2 and 4 do not", () => {
    expect([2, 4, 8, 10].map((d) => discountNeedsCode(d as 2))).toEqual([false, false, true, true]);
  });
});

describe("PDV quantity", () => {
  it.each([
    ["", 1],
    ["abc", 1],
    ["0", 1],
    ["-3", 1],
    ["2.5", 1],
    ["1e3", 1],
    ["07", 1],
    ["3", 3],
    ["12", 12],
    [" 4 ", 4],
    ["99999", 9999],
  ] as const)("%j → %i", (raw, qty) => {
    expect(parseQuantity(raw)).toBe(qty);
  });
});

describe("PDV payment", () => {
  it("opens with every amount at zero", () => {
    expect(emptyPayment()).toEqual(pay(null, null, null));
  });
  it("a card turned on takes the remainder after the other active methods", () => {
    const withCash = setMethodActive(emptyPayment(), "cash", true, 11600);
    const cash = { ...withCash, cents: { ...withCash.cents, cash: 5000 } };
    const debit = setMethodActive(cash, "debit", true, 11600);
    expect(debit.cents.debit).toBe(6600);
  });
  it("turning a method off zeroes it", () => {
    expect(setMethodActive(pay(1000, 2000, null), "debit", false, 3000).cents.debit).toBe(0);
  });
  it("typing one card amount makes the other active card the remainder", () => {
    const p = setCardAmount(pay(1000, 0, 0), "debit", 4000, 11600);
    expect(p.cents.credit).toBe(6600);
    expect(setCardAmount(pay(null, 0, 0), "credit", 20000, 11600).cents.debit).toBe(0);
  });
  it("short by one cent is not enough; change is the excess", () => {
    expect(paymentCheck(pay(11599, null, null), 11600).enough).toBe(false);
    expect(paymentCheck(pay(11600, null, null), 11600)).toEqual({ enough: true, changeCents: 0, paidCents: 11600 });
    expect(paymentCheck(pay(20000, null, null), 11600).changeCents).toBe(8400);
    // an inactive method does not count
    expect(
      paymentCheck({ active: { cash: false, debit: false, credit: false }, cents: { cash: 20000, debit: 0, credit: 0 } }, 100).enough,
    ).toBe(false);
  });
  it.each([
    [pay(500, null, null), "01", "CONTADO"],
    [pay(100, 400, null), "28", "CONTADO"],
    [pay(100, 200, 300), "04", "CREDITO"],
    [pay(null, null, 1), "04", "CREDITO"],
    [pay(300, 300, null), "01", "CONTADO"],
  ] as const)("payment-way code: largest amount wins (%j → %s %s)", (p, way, condition) => {
    expect(paymentWay(p)).toEqual({ way, condition });
  });
});

describe("PDV cash count and close tolerance", () => {
  it("sums denominations 1000 … 0.5", () => {
    expect(
      denominationCents({ "1000": 1, "500": 1, "200": 1, "100": 1, "50": 1, "20": 1, "10": 1, "5": 1, "2": 1, "1": 1, "0.5": 1 }),
    ).toBe(188850);
    expect(denominationCents({ "0.5": 3, "20": 2 })).toBe(4150);
  });
  const expected = { fundCents: 150000, cashCents: 30000, debitCents: 10000, creditCents: 5000 };
  it("matches within 0.50 on every figure", () => {
    const ok = closeCheck(expected, { drawerCents: 180050, fundCents: 150000, debitCents: 10000, creditCents: 5000 });
    expect(ok.matches).toBe(true);
    expect(ok.differenceCents).toBe(50);
  });
  it("0.51 off is a mismatch", () => {
    expect(closeCheck(expected, { drawerCents: 180051, fundCents: 150000, debitCents: 10000, creditCents: 5000 }).matches).toBe(false);
    expect(closeCheck(expected, { drawerCents: 180000, fundCents: 150000, debitCents: 10051, creditCents: 5000 }).card.ok).toBe(false);
    expect(closeCheck(expected, { drawerCents: 180000, fundCents: 149000, debitCents: 10000, creditCents: 5000 }).fund.ok).toBe(false);
  });
  it("parses money as typed", () => {
    expect([parseMoney("1,234.5"), parseMoney("$ 10"), parseMoney("abc"), parseMoney("-5"), parseMoney("")]).toEqual([
      123450,
      1000,
      null,
      null,
      0,
    ]);
    // More than the money columns hold is not an amount anyone typed on purpose.
    expect([parseMoney("9999999999.99"), parseMoney("99999999999"), parseMoney("1e5")]).toEqual([999999999999, null, null]);
  });
});
