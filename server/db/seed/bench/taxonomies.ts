/**
 * Bench categories and brands (issue scale: ≥ 2k categories, ≥ 500 brands), added to the demo trees
 * in set-based SQL. Categories: 100 lines under the demo's top categories, 1,900 series under the
 * lines (a three-level tree of about 2,045 nodes). Brands: 100 makers at the top and 400 sub-brands.
 * Names and slugs are unique, as the screens require; a share of the bench products is moved to the
 * new leaves so their filters have rows to find.
 */
export const BENCH_TAXONOMIES = { lines: 100, series: 1_900, makers: 100, subBrands: 400 } as const;

const pad = (expr: string) => `lpad((${expr})::text, 4, '0')`;

export function benchTaxonomyStatements(): string[] {
  const { lines, series, makers, subBrands } = BENCH_TAXONOMIES;
  return [
    `insert into categories (name, slug, parent_id)
      select 'Línea ' || ${pad("n")}, 'linea-' || ${pad("n")},
        (select id from categories where parent_id is null order by id offset (n % 10) limit 1)
      from generate_series(1, ${lines}) n`,
    `insert into categories (name, slug, parent_id)
      select 'Línea ' || ${pad(`(n - 1) % ${lines} + 1`)} || ' serie ' || ${pad("n")}, 'linea-' || ${pad(`(n - 1) % ${lines} + 1`)} || '-serie-' || ${pad("n")},
        c.id
      from generate_series(1, ${series}) n join categories c on c.name = 'Línea ' || ${pad(`(n - 1) % ${lines} + 1`)}`,
    `insert into brands (name, slug, parent_id, is_featured)
      select 'Fabricante ' || ${pad("n")}, 'fabricante-' || ${pad("n")}, null, n % 20 = 0 from generate_series(1, ${makers}) n`,
    `insert into brands (name, slug, parent_id)
      select 'Fabricante ' || ${pad(`(n - 1) % ${makers} + 1`)} || ' línea ' || ${pad("n")}, 'fabricante-' || ${pad(`(n - 1) % ${makers} + 1`)} || '-linea-' || ${pad("n")}, b.id
      from generate_series(1, ${subBrands}) n join brands b on b.name = 'Fabricante ' || ${pad(`(n - 1) % ${makers} + 1`)}`,
  ];
}

/** After the products are loaded: one in five moves to a bench series and a bench brand. */
export function benchTaxonomyAssignments(): string {
  return `with leaf as (select id, row_number() over (order by id) - 1 as k from categories where name like 'Línea % serie %'),
      maker as (select id, row_number() over (order by id) - 1 as k from brands where name like 'Fabricante %'),
      counts as (select (select count(*) from leaf) as leaves, (select count(*) from maker) as makers)
    update products p set category_id = l.id, brand_id = m.id
    from counts c, leaf l, maker m
    where p.id_new % 5 = 0 and not p.is_combo and l.k = p.id_new % c.leaves and m.k = p.id_new % c.makers`;
}
