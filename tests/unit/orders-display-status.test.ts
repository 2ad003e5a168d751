import { describe, expect, it } from "vitest";
import { brandSlugOf } from "@common/processing-status";
import { displayStatus, ignoredEntries, STATUS_TABLE } from "~/modules/orders/display-status";

const paid = (status: string, logisticType: string | null = "drop_off") => displayStatus({ status, orderStatus: "paid", logisticType });

describe("display status table (spec 1 §4): one row per table row", () => {
  it.each([
    ["pending", "Pendiente", "primary"],
    ["delivered", "Entregado", "success"],
    ["returns", "Devolución", "info"],
    ["mediations", "Reclamo", "danger"],
    ["cancel_purchase", "Cancelación de compra (comprador)", "danger"],
    ["cancel_sale", "Cancelación de compra (vendedor)", "danger"],
    ["cancelled", "Cancelada", "danger"],
    ["ready_to_print", "Etiqueta lista para imprimir", "orange"],
    ["regenerating", "Etiqueta lista para imprimir", "orange"],
    ["ready_for_pickup", "Listo para recolección", "orange"],
    ["printed", "Etiqueta impresa", "orange"],
    ["in_packing_list", "Procesando en la bodega", "gray"],
    ["in_warehouse", "Procesando en la bodega", "gray"],
    ["ready_to_pack", "Procesando en la bodega", "gray"],
    ["receiver_absent", "En camino", "indigo"],
    ["shipped", "En camino", "indigo"],
    ["picked_up", "En camino", "indigo"],
    ["out_for_delivery", "En camino", "indigo"],
    ["delayed", "En camino", "indigo"],
    ["in_hub", "En camino", "indigo"],
    ["authorized_by_carrier", "En camino", "indigo"],
    ["fraudulent", "Fraudulento", "danger"],
    ["unfulfillable", "Cancelada por Mercado Libre", "danger"],
    ["returned_to_hub", "En devolución", "primary"],
    ["returning_to_sender", "En devolución", "primary"],
    ["returning_to_hub", "En devolución", "primary"],
    ["returned_to_warehouse", "Devuelto", "primary"],
    ["returned", "Devuelto", "primary"],
    ["to_review", "No entregado", "danger"],
    ["destroyed", "No entregado", "danger"],
    ["lost", "No entregado", "danger"],
    ["stolen", "No entregado", "danger"],
    ["claimed_me", "Cancelada por el comprador", "danger"],
    ["manufacturing", "Esperando disponibilad de stock", "orange"],
    ["procesando_en_electrica", "Procesando en Electrica", "orange"],
    ["handling", "En proceso", "primary"],
    ["creating_route", "Generando ruta", "primary"],
    ["shipment_paid", "Envío reprogramado", "orange"],
  ])("%s → %s (%s)", (key, label, variant) => {
    expect(paid(`paid,${key}`)).toEqual({ key, label, variant });
  });

  it("covers every row of the table", () => {
    expect(Object.keys(STATUS_TABLE)).toHaveLength(37);
  });
});

describe("last meaningful entry", () => {
  it("for paid or success ignores null, paid and undefined", () => {
    expect(ignoredEntries("paid")).toEqual(new Set(["null", "paid", "undefined"]));
    expect(paid("paid,ready_to_print,null,undefined").key).toBe("ready_to_print");
    expect(displayStatus({ status: "shipped,paid,null", orderStatus: "success", logisticType: "drop_off" }).key).toBe("shipped");
  });
  it("for cancelled ignores null, undefined and pack_splitted (not paid)", () => {
    expect(displayStatus({ status: "paid,cancelled,pack_splitted", orderStatus: "cancelled", logisticType: "drop_off" }).label).toBe(
      "Cancelada",
    );
    expect(displayStatus({ status: "paid,undefined", orderStatus: "cancelled", logisticType: "drop_off" })).toEqual({
      key: "paid",
      label: "Pagada",
      variant: "primary",
    });
  });
  it("e-commerce orders with nothing else show procesando_en_{brand}", () => {
    expect(displayStatus({ status: "paid", orderStatus: "paid", logisticType: "ecommerce" }, "electrica_sur", "Eléctrica Sur")).toEqual({
      key: "procesando_en_electrica_sur",
      label: "Procesando en Eléctrica Sur",
      variant: "orange",
    });
    expect(displayStatus({ status: "", orderStatus: "paid", logisticType: "ecommerce" }).label).toBe("Procesando en Electrica");
  });
  it("Sinenvío falls back to the order status", () => {
    expect(paid("paid,Sinenvío")).toEqual({ key: "paid", label: "Pagada", variant: "primary" });
    expect(displayStatus({ status: "paid,Sinenvío", orderStatus: "cancelled", logisticType: "not_specified" }).label).toBe("Cancelada");
  });
  it("values outside the spec's table read the label map, and a code nobody named shows raw (spec 1 §4), with the primary variant", () => {
    expect(paid("paid,waiting_for_withdrawal")).toEqual({ key: "waiting_for_withdrawal", label: "Esperando retiro", variant: "primary" });
    expect(paid("paid,a_code_nobody_named")).toEqual({ key: "a_code_nobody_named", label: "a_code_nobody_named", variant: "primary" });
  });
  it("trims entries and ignores blanks", () => {
    expect(paid(" paid , delivered ,").key).toBe("delivered");
  });
  it("slugs the brand as the seed does", () => {
    expect(brandSlugOf("Eléctrica Sur")).toBe("electrica_sur");
  });
});
