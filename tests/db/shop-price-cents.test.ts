import { describe, expect, it } from "vitest";
import { exchangeRateOf, pesoPrice } from "~/modules/pricing/price";
import { useTestDatabase } from "../helpers/db";

/**
 * products.shop_price_cents (migration 0034) orders the shop's price sort; the answer's price is
 * always `pesoPrice`. The database's arithmetic must give the same cents as the one pricing function,
 * figure for figure, and read settings.dollar_price as `exchangeRateOf` reads it.
 */
const database = await useTestDatabase();

/** A reproducible spread of prices (no Math.random: a failure must come back on the next run). */
function pricesToTry() {
  const out = [0, 0.01, 0.05, 0.5, 1.005, 1.45, 2.675, 12.35, 21.5, 43.1, 99.995, 394.525, 99999.99, 123456.78];
  let seed = 20261129;
  for (let i = 0; i < 4000; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    out.push((seed % 10_000_000) / 100);
  }
  return out;
}

const RATES = [20, 18.35, 17.3, 19.12345, 18.12345, 19.99995, 21.123456789, 0.0001, 1];

describe("shop_price_cents_of is pesoPrice", () => {
  it.each(["Pesos", "Dolares"])("%s, at several rates", async (currency) => {
    const prices = pricesToTry();
    const mismatches: string[] = [];
    for (const rate of currency === "Pesos" ? [null] : RATES) {
      const rows = await database.query<{ p: string; c: string | null }>(
        "select p::text as p, shop_price_cents_of(p, $2, $3::float8)::text as c from unnest($1::numeric[]) p",
        [prices.map(String), currency, rate],
      );
      for (const r of rows) {
        const js = pesoPrice({ amount: Number(r.p), currency }, rate);
        if (String(js.ok ? js.cents : null) !== String(r.c))
          mismatches.push(`${r.p} ${currency} × ${rate}: ${js.ok ? js.cents : null} ≠ ${r.c}`);
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it("no price where the function refuses one: another currency, or dollars with no usable rate", async () => {
    const [row] = await database.query<Record<string, string | null>>(
      "select shop_price_cents_of(10, 'Euros', 20) as euros, shop_price_cents_of(10, '', 20) as blank, shop_price_cents_of(10, 'Dolares', null) as no_rate, shop_price_cents_of(10, 'Dolares', 0) as zero, shop_price_cents_of(10, 'Dolares', -1) as negative",
    );
    expect(Object.values(row)).toEqual([null, null, null, null, null]);
  });
});

describe("shop_dollar_rate reads settings.dollar_price as exchangeRateOf does", () => {
  it.each([
    18.35,
    "18.35",
    " 17.3 ",
    "26.1234",
    ".5",
    "18.",
    "1e1",
    "abc",
    "",
    "0",
    0,
    -1,
    "-5",
    "1e400",
    "1e-999",
    true,
    false,
    null,
    [18],
    { rate: 18 },
  ])("%j", async (value) => {
    await database.query(
      "insert into settings (key, value) values ('dollar_price', $1::jsonb) on conflict (key) do update set value = excluded.value",
      [JSON.stringify(value)],
    );
    const [row] = await database.query<{ rate: number | null }>("select shop_dollar_rate() as rate");
    expect(row.rate === null ? null : Number(row.rate)).toBe(exchangeRateOf(value));
  });

  it("no setting: no rate", async () => {
    await database.query("delete from settings where key = 'dollar_price'");
    const [row] = await database.query<{ rate: number | null }>("select shop_dollar_rate() as rate");
    expect(row.rate).toBeNull();
  });
});
