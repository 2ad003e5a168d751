/**
 * Bench-scale point-of-sale and quotation rows (200 000 sales with one line each, 20 000 quotations)
 * spread over the two years before `anchor`, so the box-score's roll-up is measured at volume.
 * Set-based SQL; values are hashes of the row number, so every run builds the same rows.
 */
export const BENCH_SALES = { pdvSales: 200_000, quotations: 20_000 } as const;

export function benchSalesStatements(anchor: string): string[] {
  const h = (seed: string) => `(('x' || substr(md5(${seed}), 1, 8))::bit(32)::int & 2147483647)`;
  return [
    `insert into pdv_sessions (user_id, amount_open, date_open, date_close, amount_close)
      select (select id from users order by id limit 1), 500, ${anchor} - (g || ' days')::interval, ${anchor} - (g || ' days')::interval + interval '9 hours', 0
      from generate_series(1, 730) g`,
    `create temp table bench_sessions on commit drop as select row_number() over (order by id) as rn, id, user_id, date_open from pdv_sessions`,
    `insert into pdv_sales (session_id, user_id, total, subtotal, total_discount, iva_total, is_active, amount_cash, amount_card_debit, amount_card_credit,
        change_money, discount_applied, invoice_code, payment_way, payment_condition, sale_code, intelisis_status, date_created, last_updated)
      select s.id, s.user_id, round(v.sub * 1.16, 2), v.sub, round(v.sub * v.rate / (100 - v.rate), 2), round(v.sub * 0.16, 2), v.h % 50 <> 0,
        case when v.h % 3 = 0 then round(v.sub * 1.16, 2) else 0 end,
        case when v.h % 3 = 1 then round(v.sub * 1.16, 2) else 0 end,
        case when v.h % 3 = 2 then round(v.sub * 1.16, 2) else 0 end,
        0, v.rate, upper(substr(md5(g::text), 1, 5)), case v.h % 3 when 0 then '01' when 1 then '28' else '04' end,
        case when v.h % 3 = 2 then 'CREDITO' else 'CONTADO' end, 'bench-' || g, v.h % 10 <> 0,
        s.date_open + ((v.h % 540) || ' minutes')::interval, s.date_open + ((v.h % 540) || ' minutes')::interval
      from generate_series(1, ${BENCH_SALES.pdvSales}) g
      cross join lateral (select ${h("g::text")} as h) hh
      cross join lateral (select hh.h as h, round((50 + hh.h % 5000)::numeric, 2) as sub, (array[0, 0, 2, 4, 8, 10])[1 + hh.h % 6] as rate) v
      join bench_sessions s on s.rn = 1 + g % 730`,
    `insert into pdv_sale_lines (sale_id, product_id, sku, description, price, qty, amount)
      select id, 'BENCH', 'BENCH', 'Artículo', subtotal, 1 + id % 4, subtotal from pdv_sales where sale_code like 'bench-%'`,
    `insert into quotations (folio, client_name, subtotal, iva, total, created_at, updated_at)
      select 'BENCH-' || g, 'Cliente ' || g, v.sub, round(v.sub * 0.16, 2), round(v.sub * 1.16, 2),
        ${anchor} - ((${h("g::text")} % 1051200) || ' minutes')::interval, ${anchor}
      from generate_series(1, ${BENCH_SALES.quotations}) g cross join lateral (select round((100 + ${h("'q' || g")} % 90000)::numeric, 2) as sub) v`,
    // One quote with 20 lines: its PDF is 3 pages (8 lines a page), the document the bench times.
    `insert into quotation_lines (quotation_id, position, sku, description, price, qty)
      select q.id, g, 'BENCH-' || g, 'Artículo de prueba ' || g, 100 + g, 1 + g % 3
      from quotations q cross join generate_series(1, 20) g where q.folio = 'BENCH-1'`,
  ];
}
