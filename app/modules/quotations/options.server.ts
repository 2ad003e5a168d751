import { getIntegrations, isIntegrationError } from "@server/integrations";
import { checkWarehouse } from "./lines.server";
import { changeDraft, type DraftResult } from "./draft.server";
import { decideGlobalDiscount, MESSAGES, parseAmount, priceListOf, toCents } from "./pricing";

export type OptionsInput = {
  clientEmail?: string;
  clientPhone?: string;
  globalDiscount?: string;
  orderType?: "normal" | "mercadolibre";
  listingType?: "gold_special" | "gold_pro";
  shipment?: string;
  notes?: string;
  reference?: string;
  /** Cotizador v4: one of the chosen agent's warehouses. */
  warehouse?: string;
  /** A marketplace category title, picked from the typeahead. */
  category?: string;
};

/**
 * The quotation dialog's data: contact, global discount (roles of the spec; above 6 % stored as 6,
 * 0 for Precio 3, with a notice), order type and listing type (roles of the spec), shipment cost,
 * notes. A bad number refuses the whole form with its message; nothing is half-saved.
 */
export async function saveDraftOptions(
  userId: number,
  expected: number | null,
  input: OptionsInput,
  may: { discount: boolean; orderType: boolean },
): Promise<DraftResult> {
  let category: { title: string; goldPro: number; goldSpecial: number } | null | undefined;
  if (input.category !== undefined) {
    if (!may.orderType) return { ok: false, reason: "refused", message: "Tu usuario no puede elegir el tipo de orden." };
    try {
      const all = await getIntegrations().marketplace.listFeeCategories();
      category = all.find((c) => c.title === input.category) ?? null;
    } catch (error) {
      if (!isIntegrationError(error)) throw error;
      return { ok: false, reason: "integration", message: error.message };
    }
    if (!category) return { ok: false, reason: "missing", message: `La categoría ${input.category} no existe en Mercado Libre.` };
  }
  const shipment = input.shipment === undefined ? undefined : parseAmount(input.shipment);
  if (shipment === null) return { ok: false, reason: "refused", message: `Costo de envío: ${MESSAGES.badNumber}` };
  const discount = input.globalDiscount === undefined ? undefined : parseAmount(input.globalDiscount);
  if (discount === null) return { ok: false, reason: "refused", message: `Descuento: ${MESSAGES.badNumber}` };
  const email = input.clientEmail?.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    return { ok: false, reason: "refused", message: "Por favor, ingresa un correo válido." };

  let notice: string | undefined;
  const result = await changeDraft(userId, expected, "datos de la cotización", (data) => {
    const next = { ...data };
    if (email !== undefined) next.clientEmail = email;
    if (input.clientPhone !== undefined) next.clientPhone = input.clientPhone.replace(/\D/g, "").slice(0, 10);
    if (input.notes !== undefined) next.notes = input.notes.trim();
    if (input.reference !== undefined) next.reference = input.reference.trim();
    if (input.warehouse !== undefined) {
      const refused = checkWarehouse(data, input.warehouse);
      if (refused) return { error: refused, reason: "refused" };
      next.warehouse = input.warehouse;
    }
    if (shipment !== undefined) next.shipmentCents = toCents(shipment);
    if (discount !== undefined && may.discount) {
      const decision = decideGlobalDiscount(discount, priceListOf(data.client.priceList));
      notice = decision.notice;
      next.globalDiscount = decision.percent;
    }
    if (may.orderType) {
      if (input.orderType) next.orderType = input.orderType;
      if (input.listingType) next.listingType = input.listingType;
      if (category !== undefined) next.category = category;
    }
    return next;
  });
  return result.ok && notice ? { ...result, message: `Datos de la cotización guardados. ${notice}` } : result;
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** Marketplace categories for the quotation's typeahead: up to 20 whose title contains the text. */
export async function searchFeeCategories(text: string) {
  const term = fold(text.trim());
  if (term.length < 1) return { ok: true as const, categories: [] };
  try {
    const all = await getIntegrations().marketplace.listFeeCategories();
    return { ok: true as const, categories: all.filter((c) => fold(c.title).includes(term)).slice(0, 20) };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { ok: false as const, categories: [], message: error.message };
  }
}
