import { eq } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { users } from "@server/db/schema";
import { getIntegrations, isIntegrationError } from "@server/integrations";
import { articlePrice, priceListOf } from "~/modules/pricing/price";
import { getStoredQuote, storedDocument, type StoredQuote } from "./stored.server";

async function authorOf(q: StoredQuote) {
  if (!q.row.createdBy) return "";
  const [u] = await getDb().select({ f: users.firstName, l: users.lastName }).from(users).where(eq(users.id, q.row.createdBy)).limit(1);
  return u ? `${u.f} ${u.l}`.trim() : "";
}

export async function storedQuoteDocument(folio: string) {
  const q = await getStoredQuote(folio);
  return q ? storedDocument(q, await authorOf(q)) : null;
}

export type SinceChange = { sku: string; what: "precio" | "existencia" | "no existe"; before: string; after: string };

/**
 * What changed in the ERP since the quote was stored (list price in its currency, stock), so the
 * user sees it before reissuing. Asked article by article (a quote has few lines), outside any
 * transaction; an ERP failure is reported, not thrown.
 */
export async function changesSince(q: StoredQuote): Promise<{ ok: true; changes: SinceChange[] } | { ok: false; message: string }> {
  const list = priceListOf(q.row.priceList);
  try {
    const changes: SinceChange[] = [];
    const skus = q.lines.filter((l) => l.sku);
    const articles = await Promise.all(skus.map((l) => getIntegrations().erp.getArticle(l.sku!)));
    skus.forEach((l, i) => {
      const a = articles[i];
      if (!a) return void changes.push({ sku: l.sku!, what: "no existe", before: "", after: "" });
      // Priced as the quote was: its list, at the rate it kept (decision 0038).
      const price = articlePrice(a, list, q.row.exchangeRate === null ? null : Number(q.row.exchangeRate));
      const stored = Number(l.originalPrice ?? l.price);
      const now = price.ok ? (price.cents / 100).toFixed(2) : "—";
      if (q.row.orderType !== "mercadolibre" && now !== stored.toFixed(2))
        changes.push({ sku: l.sku!, what: "precio", before: stored.toFixed(2), after: now });
      if (l.stock !== null && l.stock !== a.stockTotal)
        changes.push({ sku: l.sku!, what: "existencia", before: String(l.stock), after: String(a.stockTotal) });
    });
    return { ok: true, changes };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { ok: false, message: error.message };
  }
}
