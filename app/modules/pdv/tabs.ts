/**
 * The till's tabs (spec 2 §2 "Point of sale": Venta only when the box is open, Caja for a
 * non-cashier with the box closed, Historial for non-cashiers only; §6: a cashier sees only Venta
 * and, with the box closed, the open-box view). The bar is drawn whenever there is a tab, even one,
 * so the screen reads the same for every role.
 */
export type TillTab = { key: "venta" | "caja" | "historial"; label: string; to: string };

export function tillTabs({ manager, boxOpen }: { manager: boolean; boxOpen: boolean }): TillTab[] {
  const tabs: TillTab[] = [];
  if (boxOpen) tabs.push({ key: "venta", label: "Venta", to: "/pdv" });
  if (manager && !boxOpen) tabs.push({ key: "caja", label: "Caja", to: "/pdv" });
  if (manager) tabs.push({ key: "historial", label: "Historial", to: "/pdv?tab=historial" });
  return tabs;
}
