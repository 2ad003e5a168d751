import { z } from "zod";
import type { SessionUser } from "~/modules/auth/session-user";
import { can } from "~/lib/access";
import {
  addArticle,
  chooseClient,
  clearDraft,
  removeArticle,
  setLineQuantity,
  type DraftRefusalReason,
  type DraftResult,
} from "./draft.server";
import { addCustomLine, chooseAgent, updateLine } from "./lines.server";
import { saveDraftOptions } from "./options.server";
import type { Refused } from "~/modules/results";

const version = z.coerce.number().int().min(0).optional().catch(undefined);
const sku = z.string().trim().min(1).max(60);

/** Every form that changes the draft, told apart by `intent`. */
export const DraftIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), version, sku, qty: z.string().max(30).default("") }),
  z.object({ intent: z.literal("remove"), version, sku }),
  z.object({ intent: z.literal("qty"), version, sku, qty: z.string().max(30).default("") }),
  z.object({ intent: z.literal("clear"), version }),
  z.object({ intent: z.literal("client"), version, clientKey: z.string().trim().min(1).max(40) }),
  z.object({
    intent: z.literal("options"),
    version,
    clientEmail: z.string().max(200).default(""),
    clientPhone: z.string().max(40).default(""),
    globalDiscount: z.string().max(20).default(""),
    orderType: z.enum(["normal", "mercadolibre"]).default("normal"),
    listingType: z.enum(["gold_special", "gold_pro"]).default("gold_special"),
    shipment: z.string().max(20).default(""),
    notes: z.string().max(2000).default(""),
    reference: z.string().max(200).default(""),
  }),
  z.object({ intent: z.literal("category"), version, title: z.string().trim().min(1).max(200) }),
  // Cotizador v4: only the fields its header form shows, so nothing else is reset.
  z.object({
    intent: z.literal("header"),
    version,
    reference: z.string().max(200).default(""),
    warehouse: z.string().trim().max(40).optional(),
    globalDiscount: z.string().max(20).optional(),
    notes: z.string().max(2000).default(""),
    clientEmail: z.string().max(200).default(""),
    clientPhone: z.string().max(40).default(""),
    // Order type, listing type and shipment: only in the form of the roles that may choose them.
    orderType: z.enum(["normal", "mercadolibre"]).optional(),
    listingType: z.enum(["gold_special", "gold_pro"]).optional(),
    shipment: z.string().max(20).optional(),
  }),
  z.object({ intent: z.literal("agent"), version, agent: z.string().trim().min(1).max(40) }),
  z.object({
    intent: z.literal("line"),
    version,
    sku,
    qty: z.string().max(30).default(""),
    discount: z.string().max(20).default(""),
    note: z.string().max(500).default(""),
  }),
  z.object({
    intent: z.literal("custom"),
    version,
    description: z.string().max(300).default(""),
    qty: z.string().max(30).default(""),
    price: z.string().max(30).default(""),
  }),
]);

const SUCCESS: Record<string, string> = {
  add: "Se agregó el artículo a la cotización.",
  remove: "Se quitó el artículo de la cotización.",
  qty: "Cantidad actualizada.",
  clear: "La cotización quedó vacía.",
  client: "Cliente seleccionado.",
  options: "Datos de la cotización guardados.",
  category: "Categoría de Mercado Libre seleccionada.",
  header: "Datos de la cotización guardados.",
  agent: "Agente seleccionado.",
  line: "Línea actualizada.",
  custom: "Se agregó el artículo libre.",
};

export type DraftActionOutcome = { ok: true; message: string; result: DraftResult } | Refused<"invalid" | DraftRefusalReason>;

/** Parses one draft form and runs its command for the signed-in user. */
export async function runDraftIntent(user: SessionUser, form: FormData): Promise<DraftActionOutcome> {
  const parsed = DraftIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return { ok: false, reason: "invalid", message: "La solicitud no es válida. Revisa los datos e inténtalo de nuevo." };
  const input = parsed.data;
  const expected = input.version ?? null;
  let result: DraftResult;
  switch (input.intent) {
    case "add":
      result = await addArticle(user.id, expected, input.sku, input.qty);
      break;
    case "remove":
      result = await removeArticle(user.id, expected, input.sku.toUpperCase());
      break;
    case "qty":
      result = await setLineQuantity(user.id, expected, input.sku.toUpperCase(), input.qty);
      break;
    case "clear":
      result = await clearDraft(user.id, expected);
      break;
    case "client":
      result = await chooseClient(user.id, expected, input.clientKey);
      break;
    case "options":
      result = await saveDraftOptions(user.id, expected, input, {
        discount: can(user, "quotations.globalDiscount"),
        orderType: can(user, "quotations.orderType"),
      });
      break;
    case "category":
      result = await saveDraftOptions(
        user.id,
        expected,
        { category: input.title },
        { discount: false, orderType: can(user, "quotations.orderType") },
      );
      break;
    case "header": {
      const { intent: _intent, version: _version, ...fields } = input;
      result = await saveDraftOptions(user.id, expected, fields, {
        discount: can(user, "quotations.globalDiscount"),
        orderType: can(user, "quotations.orderType"),
      });
      break;
    }
    case "agent":
      result = await chooseAgent(user, expected, input.agent);
      break;
    case "line":
      result = await updateLine(user.id, expected, input.sku.toUpperCase(), input);
      break;
    case "custom":
      result = await addCustomLine(user.id, expected, input);
      break;
  }
  if (!result.ok) return { ok: false, reason: result.reason, message: result.message };
  return { ok: true, message: result.message ?? SUCCESS[input.intent], result };
}
