import { describe, expect, it } from "vitest";
import { LABELS, labelOf, UNTRANSLATED, type LabelKind } from "~/lib/labels";
import { ROLE_KEYS } from "@common/roles";
import { LOG_TYPE_KEYS } from "~/modules/logs/types";
import { displayStatus } from "~/modules/orders/display-status";

// The codes each table must name, from the spec (spec 1 §3 "Order" fields and "Filter values"), the
// roles of the access matrix, the logistic types an order can carry and the audit entry types.
const REQUIRED: Record<LabelKind, readonly string[]> = {
  orderStatus: ["paid", "success", "cancelled", "confirmed", "payment_required", "payment_in_process", "partially_paid"],
  shipmentStatus: [
    "to_be_agreed",
    "pending",
    "ready_to_ship",
    "shipped",
    "delivered",
    "not_delivered",
    "closed",
    "printed",
    "ready_to_print",
    "in_packing_list",
    "in_warehouse",
    "out_for_delivery",
    "delayed",
    "receiver_absent",
    "waiting_for_withdrawal",
    "ready_to_pack",
  ],
  historyStatus: [
    "paid",
    "success",
    "cancelled",
    "confirmed",
    "payment_required",
    "payment_in_process",
    "partially_paid",
    "pack_splitted",
    "ready_to_ship",
    "waiting_for_withdrawal",
  ],
  logisticType: ["fulfillment", "drop_off", "not_specified", "cross_docking", "xd_drop_off", "cotizador", "ecommerce"],
  role: ROLE_KEYS,
  logType: LOG_TYPE_KEYS,
};

describe("one Spanish label map", () => {
  for (const [kind, codes] of Object.entries(REQUIRED) as [LabelKind, readonly string[]][]) {
    it.each(codes)(`${kind}: %s has a label that is not the code itself`, (code) => {
      const label = LABELS[kind][code];
      expect(label, `${kind}.${code}`).toBeTruthy();
      expect(label).not.toBe(code);
      expect(label).not.toMatch(/^[a-z]+(_[a-z]+)+$/); // snake_case is a code, not a word
    });
  }

  it("an unknown code never shows raw, and an empty one shows a dash", () => {
    expect(labelOf("orderStatus", "brand_new_status")).toBe(UNTRANSLATED);
    expect(labelOf("shipmentStatus", null)).toBe("—");
    expect(labelOf("orderStatus", "null")).toBe("—");
    expect(labelOf("orderStatus", "payment_in_process")).toBe("Pago en proceso");
    expect(labelOf("orderStatus", "confirmed")).toBe("Confirmada");
  });

  it("an order whose history falls back to its status shows the word, not 'paid'", () => {
    expect(displayStatus({ status: "paid", orderStatus: "paid", logisticType: "drop_off" }).label).toBe("Pagada");
    expect(displayStatus({ status: "", orderStatus: "payment_in_process", logisticType: "drop_off" }).label).toBe("Pago en proceso");
  });
});
