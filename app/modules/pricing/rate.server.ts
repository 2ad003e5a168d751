import { eq } from "drizzle-orm";
import { getDb, type Db } from "@server/db/client";
import { settings } from "@server/db/schema";
import { exchangeRateOf } from "./price";

/** The key of the one setting every price in dollars is converted with (pesos per dollar). */
export const DOLLAR_PRICE_KEY = "dollar_price";

/** The statement behind `currentDollarRate` (the bench times it with the screens that read it). */
export function dollarRateQuery(db: Pick<Db, "select">) {
  return db.select({ value: settings.value }).from(settings).where(eq(settings.key, DOLLAR_PRICE_KEY)).limit(1);
}

/**
 * Pesos per dollar now (settings.dollar_price), read once per request so a change applies at once;
 * null when it is missing or not a positive number — then nothing priced in dollars can be priced
 * (decision 0038: no default rate).
 */
export async function currentDollarRate(db: Pick<Db, "select"> = getDb()): Promise<number | null> {
  const [row] = await dollarRateQuery(db);
  return exchangeRateOf(row?.value);
}
