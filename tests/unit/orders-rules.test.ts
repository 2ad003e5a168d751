import { describe, expect, it } from "vitest";
import { RANGE_MESSAGES, countSpans, parseMonth, quickRange, validateRange } from "~/modules/orders/filters";
import {
  accountOf,
  canMarkDelivered,
  canSendPackage,
  collectionPickup,
  ecommerceBreakdown,
  invoiceLinkAvailable,
  invoiceLinkExpired,
  isDelayed,
  labelAction,
  manualDeliveryRecord,
  paymentBadge,
  timeToReady,
  trackingLink,
  separateRecipient,
} from "~/modules/orders/rules";

const o = (status: string, over: Record<string, unknown> = {}) => ({
  status,
  orderStatus: "paid",
  logisticType: "drop_off",
  printedLabel: false,
  manualDelivered: null,
  estimatedHandlingLimit: null,
  ...over,
});

describe("collection pick-up time", () => {
  it.each([
    ["2025-03-12T16:59:00Z", "12/03/2025", true], // 10:59 Mexico City
    ["2025-03-12T17:00:00Z", "13/03/2025", false], // 11:00
    ["2025-03-13T05:30:00Z", "12/03/2025", false], // 23:30 on the 12th → the 13th
  ])("%s", (at, day, sameDay) => {
    const p = collectionPickup(at);
    expect(p.sameDay).toBe(sameDay);
    expect(p.from).toBe("09:30");
    expect(p.to).toBe("10:30");
    if (sameDay) expect(p.day).toBe(day);
  });
  it("after 11:00 is the next day", () => {
    expect(collectionPickup("2025-03-12T17:00:00Z").day).toBe("13/03/2025");
    expect(collectionPickup("2025-03-13T05:30:00Z").day).toBe("13/03/2025");
  });
  // The marketplace's schedule (GET …/schedule) gives the cut-off, the window and the days it collects.
  const weekdaysOnly = { cutoff: "11:00", from: "09:30", to: "10:30", weekdays: [1, 2, 3, 4, 5] };
  it.each([
    ["Friday 12:00 → Monday", "2025-03-14T18:00:00Z", weekdaysOnly, "17/03/2025", false, "09:30", "10:30"],
    [
      "Saturday 09:00 (before the cut-off, but no collection) → Monday",
      "2025-03-15T15:00:00Z",
      weekdaysOnly,
      "17/03/2025",
      false,
      "09:30",
      "10:30",
    ],
    ["Sunday 20:00 → Monday", "2025-03-17T02:00:00Z", weekdaysOnly, "17/03/2025", false, "09:30", "10:30"],
    ["Monday 10:59 → same day", "2025-03-17T16:59:00Z", weekdaysOnly, "17/03/2025", true, "09:30", "10:30"],
    [
      "a later cut-off and another window",
      "2025-03-13T17:30:00Z",
      { cutoff: "12:00", from: "13:00", to: "15:00", weekdays: [1, 2, 3, 4, 5, 6] },
      "13/03/2025",
      true,
      "13:00",
      "15:00",
    ],
  ])("with the marketplace's schedule: %s", (_name, at, window, day, sameDay, from, to) => {
    expect(collectionPickup(at, window)).toEqual({ day, from, to, sameDay });
  });
});

describe("dispatching the package (sendPackage)", () => {
  it.each([
    ["label printed (status)", o("paid,ready_to_print,printed"), true],
    ["ready for collection", o("paid,ready_to_print,printed,ready_for_pickup", { logisticType: "cross_docking" }), true],
    ["label printed here, status not synced yet", o("paid,ready_to_print", { printedLabel: true }), true],
    ["places", o("paid,printed", { logisticType: "xd_drop_off" }), true],
    ["label not printed yet", o("paid,ready_to_print"), false],
    ["already on its way", o("paid,printed,shipped", { printedLabel: true }), false],
    ["Full: the marketplace ships it", o("paid,printed", { logisticType: "fulfillment" }), false],
    ["a acordar", o("paid,printed", { logisticType: "not_specified" }), false],
    ["cancelled", o("paid,printed,cancelled", { orderStatus: "cancelled" }), false],
    ["web shop", o("paid,printed", { logisticType: "ecommerce" }), false],
  ])("%s", (_name, order, expected) => {
    expect(canSendPackage(order)).toBe(expected);
  });
});

describe("e-commerce breakdown", () => {
  it("splits 10 % increase and 16 % VAT out of the item prices", () => {
    // catalogue 100 → +10 % = 110 → + VAT = 127.60; two of them, shipping 149
    const b = ecommerceBreakdown([{ price: 127.6, qty: 2 }], 149);
    expect(b).toEqual({ listPrice: 200, increase: 20, subtotal: 220, vat: 35.2, goods: 255.2, shipping: 149, total: 404.2 });
  });
  it("payment badge", () => {
    expect(paymentBadge("approved")).toEqual({ label: "Pago aprobado", variant: "success" });
    expect(paymentBadge("pending").label).toBe("Verificar pago");
    expect(paymentBadge(null).label).toBe("Verificar pago");
  });
});

describe("labels, delay, invoicing", () => {
  it.each([
    ["paid,ready_to_print", "drop_off", false, true, false],
    ["paid,regenerating", "drop_off", false, true, false],
    ["paid,ready_to_print,printed,ready_for_pickup", "cross_docking", true, true, true],
    ["paid,ready_to_print,printed", "drop_off", true, true, true],
    ["paid,in_warehouse", "fulfillment", false, false, false],
    ["paid,ready_to_print", "fulfillment", false, false, false],
    ["paid,handling", "drop_off", false, false, false],
    ["paid,shipped", "drop_off", true, false, false],
  ])("%s (%s)", (status, logisticType, printedLabel, allowed, reprint) => {
    expect(labelAction(o(status, { logisticType, printedLabel }))).toEqual({ allowed, reprint });
  });
  it("'Estás con demora' only when the label is ready and today is past the limit day", () => {
    const now = new Date("2025-03-14T18:00:00Z");
    expect(isDelayed(o("paid,ready_to_print", { estimatedHandlingLimit: "2025-03-13T05:59:00Z" }), now)).toBe(true);
    expect(isDelayed(o("paid,ready_to_print", { estimatedHandlingLimit: "2025-03-15T05:59:00Z" }), now)).toBe(false);
    expect(isDelayed(o("paid,ready_to_print,printed", { estimatedHandlingLimit: "2025-03-10T05:59:00Z" }), now)).toBe(false);
    expect(isDelayed(o("paid,ready_to_print"), now)).toBe(false);
  });
  it("invoicing link for delivered or manually delivered orders", () => {
    expect(invoiceLinkAvailable(o("paid,shipped,delivered"))).toBe(true);
    expect(invoiceLinkAvailable(o("paid,Sinenvío", { manualDelivered: { date: "x" } }))).toBe(true);
    expect(invoiceLinkAvailable(o("paid,shipped"))).toBe(false);
  });
  it("manual delivery records date, e-mail, order, user, username and a 24 h link", () => {
    const now = new Date("2025-03-12T17:45:00Z");
    const r = manualDeliveryRecord(2000000000000001n, { id: 7, email: "a@b.mx", firstName: "Ana", lastName: "Ruiz" }, now);
    expect(r).toEqual({
      date: now.toISOString(),
      email: "a@b.mx",
      orderId: "2000000000000001",
      userId: 7,
      username: "Ana Ruiz",
      linkExpiresAt: "2025-03-13T17:45:00.000Z",
    });
    expect(invoiceLinkExpired(r, new Date("2025-03-13T17:44:00Z"))).toBe(false);
    expect(invoiceLinkExpired(r, new Date("2025-03-13T17:46:00Z"))).toBe(true);
  });
  it("only not-agreed, quoter and shop orders are marked delivered by hand", () => {
    expect(canMarkDelivered(o("paid,Sinenvío", { logisticType: "not_specified" }))).toBe(true);
    expect(canMarkDelivered(o("procesando_en_electrica", { logisticType: "cotizador" }))).toBe(true);
    expect(canMarkDelivered(o("paid,ready_to_print"))).toBe(false);
    expect(canMarkDelivered(o("paid,Sinenvío", { logisticType: "not_specified", manualDelivered: {} }))).toBe(false);
    expect(canMarkDelivered(o("paid,cancelled", { logisticType: "not_specified", orderStatus: "cancelled" }))).toBe(false);
  });
  it("tracking strips the 3-character prefix", () => {
    expect(trackingLink("MEL1234567890")).toMatchObject({ prefix: "MEL", code: "1234567890" });
    expect(trackingLink("FDX99")?.url).toContain("99");
    expect(trackingLink("AB")).toBeNull();
  });
  it("account and time to ready", () => {
    expect(accountOf(null)).toBe("main");
    expect(accountOf("Meli 1")).toBe("main");
    expect(accountOf("5139")).toBe("brand");
    expect(timeToReady("2025-03-12T10:00:00Z", "2025-03-12T12:05:00Z")).toBe("2 h 05 min");
    expect(timeToReady("2025-03-12T10:00:00Z", null)).toBeNull();
  });
});

describe("date ranges (spec 1 §5 Reports)", () => {
  const now = new Date("2025-03-12T17:45:00Z");
  it.each([
    ["2025/03/01", "2025/03/10", null],
    ["2025-03-01", "2025-03-12", null],
    ["2025/03/01", undefined, RANGE_MESSAGES.incomplete],
    [undefined, "2025/03/01", RANGE_MESSAGES.incomplete],
    ["2025/03/01", "2025/03/13", RANGE_MESSAGES.future],
    ["2024/03/01", "2025/03/02", RANGE_MESSAGES.tooLong],
    ["2024/03/01", "2025/03/01", null],
  ])("%s – %s", (start, end, error) => {
    const r = validateRange(start, end, now);
    expect(r.error).toEqual(error);
    expect(!!r.range).toBe(error === null);
  });
  it("swaps reversed ends and covers whole Mexico City days", () => {
    const r = validateRange("2025/03/10", "2025/03/01", now).range!;
    expect(r.start).toBe("2025/03/01");
    expect(r.from.toISOString()).toBe("2025-03-01T06:00:00.000Z");
    expect(r.toExclusive.toISOString()).toBe("2025-03-11T06:00:00.000Z");
  });
  it("quick picks", () => {
    expect(quickRange("today", now).start).toBe("2025/03/12");
    expect(quickRange("last7", now).start).toBe("2025/03/06");
    expect(quickRange("thisMonth", now).start).toBe("2025/03/01");
  });
  it("months YYYY/MM", () => {
    expect(parseMonth("2025/02", now)).toEqual({ month: "2025/02", error: null });
    expect(parseMonth("2025-03", now)).toEqual({ month: "2025/03", error: null });
    expect(parseMonth("2025/04", now)?.error).toEqual(RANGE_MESSAGES.future);
    expect(parseMonth("2025/13", now)).toBeNull();
    expect(parseMonth("0000-01", now)).toBeNull();
    expect(parseMonth("", now)).toBeNull();
  });
});

describe("count spans (whole months from the monthly table, edge days from the daily one)", () => {
  it.each([
    [null, { months: { from: null, to: null }, days: [] }],
    [
      { start: "2025/03/05", end: "2025/03/20" },
      { months: null, days: [["2025-03-05", "2025-03-20"]] },
    ],
    [
      { start: "2025/03/01", end: "2025/03/31" },
      { months: { from: "2025-03-01", to: "2025-03-01" }, days: [] },
    ],
    [
      { start: "2025/01/15", end: "2025/04/10" },
      {
        months: { from: "2025-02-01", to: "2025-03-01" },
        days: [
          ["2025-01-15", "2025-01-31"],
          ["2025-04-01", "2025-04-10"],
        ],
      },
    ],
    [
      { start: "2025/01/15", end: "2025/02/10" },
      { months: null, days: [["2025-01-15", "2025-02-10"]] },
    ],
    [
      { start: "2024/02/01", end: "2024/02/29" },
      { months: { from: "2024-02-01", to: "2024-02-01" }, days: [] },
    ],
  ])("%j", (range, expected) => {
    expect(countSpans(range)).toEqual(expected);
  });
});

describe("the order dialog's recipient (Recibe) beside the marketplace's buyer", () => {
  it.each([
    ["Ana López", "Ana López", null],
    ["ANA LÓPEZ", "ana lópez", null],
    ["Luis Pérez", "Ana López", "Luis Pérez"],
    ["", "Ana López", null],
  ])("shipped to %j, bought by %j → %j", (shipping, buyer, expected) => {
    expect(separateRecipient(shipping, buyer)).toBe(expected);
  });
});
