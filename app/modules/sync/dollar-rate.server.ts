/**
 * The dollar rate comes from the ERP (issue 28: ERP stock, prices, currency and the dollar rate):
 * the ERP articles' feed asks for it after each run and keeps it in settings.dollar_price, which
 * every price in dollars is converted with (decision 0038). An unchanged rate writes nothing.
 */
import { getDb } from "@server/db/client";
import { settings } from "@server/db/schema";
import type { ErpPort } from "@server/integrations";
import { audit } from "~/modules/logs/audit.server";
import { DOLLAR_PRICE_KEY, currentDollarRate } from "~/modules/pricing/rate.server";

export async function refreshDollarRate(
  erp: Pick<ErpPort, "getDollarRate">,
): Promise<{ rate: number; previous: number | null; changed: boolean }> {
  // Asked outside any transaction; then compared and written in one.
  const { rate } = await erp.getDollarRate();
  return getDb().transaction(async (tx) => {
    const previous = await currentDollarRate(tx);
    if (previous !== null && Math.abs(previous - rate) < 0.00005) return { rate, previous, changed: false };
    await tx
      .insert(settings)
      .values({ key: DOLLAR_PRICE_KEY, value: rate, updatedAt: new Date() })
      .onConflictDoUpdate({ target: settings.key, set: { value: rate, updatedAt: new Date() } });
    await audit(
      {
        message: `Tipo de cambio actualizado desde Intelisis: ${previous ?? "sin valor"} → ${rate}`,
        type: "update",
        tags: ["sync", "dollar_price"],
        detail: { previous, rate },
      },
      tx,
    );
    return { rate, previous, changed: true };
  });
}
