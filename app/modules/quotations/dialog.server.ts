import { can } from "~/lib/access";
import type { SessionUser } from "~/modules/auth/session-user";
import { draftDocument, companyContact } from "~/documents/quotations.server";
import { loadDraft } from "./draft.server";
import { currentDollarRate } from "~/modules/pricing/rate.server";
import { searchFeeCategories } from "./options.server";
import { draftFieldsOf } from "./draft";
import type { QuoteScreen } from "./pricing";
import type { DialogDraft } from "./document";

export const authorName = (user: SessionUser) => `${user.firstName} ${user.lastName}`.trim();

/** Everything the quotation dialog shows for the signed-in user's draft. */
export async function quotationDialogData(user: SessionUser, url: URL) {
  const [draft, rate, company] = await Promise.all([loadDraft(user.id), currentDollarRate(), companyContact()]);
  const d = draft.data;
  const may = {
    discount: can(user, "quotations.globalDiscount"),
    orderType: can(user, "quotations.orderType"),
    erp: can(user, "quotations.erpMode"),
  };
  const categoryQuery = url.searchParams.get("category")?.slice(0, 100) ?? undefined;
  const categories = may.orderType && categoryQuery ? (await searchFeeCategories(categoryQuery)).categories : null;
  const dialog: DialogDraft = {
    version: draft.version,
    doc: draftDocument(d, rate, authorName(user)),
    ...draftFieldsOf(d),
  };
  return { draft: dialog, company, may, categories, categoryQuery };
}

/** The draft as printed; `screen` is the Cotizador the PDF or Excel was asked from (their totals differ for Mercado Libre). */
export async function draftDocumentFor(user: SessionUser, screen: QuoteScreen = "v3") {
  const [draft, rate] = await Promise.all([loadDraft(user.id), currentDollarRate()]);
  return draftDocument(draft.data, rate, authorName(user), new Date(), screen);
}
