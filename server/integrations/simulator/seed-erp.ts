/**
 * Set-based SQL that builds the ERP's state from the app's data (INSERT … SELECT only: the bench
 * scale has 100k orders). Each function returns statements to run in order inside one transaction.
 */
import { DOLLAR_PRICE } from "../../db/seed/demo/constants";
import { DOLLAR_RATE_KEY } from "../erp/simulator";
import { DEMO_SCENARIOS } from "./demo";

/** Counts that differ between the demo data set and the bench one. */
export type SeedSizes = {
  /** Unassigned orders per logistic group (Full / not Full) that get candidate movements. */
  candidateOrdersPerGroup: number;
  /** Assigned orders that get a matching and a mismatching demo credit note (each). */
  demoCreditNotes: number;
  surtidoRecords: number;
  /** Generated ERP clients on top of the fixed ones. */
  extraClients: number;
};

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Fixed ERP clients: the counter-sale client, the marketplace client and regular customers. */
const CLIENTS: Array<[string, string, string, string, string | null, string | null]> = [
  ["V", "VENTA MOSTRADOR", "XAXX010101000", "(Precio 2)", null, null],
  ["MLPR", "MERCADO LIBRE PUBLICO EN GENERAL", "XAXX010101000", "(Precio 2)", null, null],
  ["C00101", "CONSTRUCTORA DEL BAJIO SA DE CV", "CBA050312QJ1", "(Precio 3)", "compras@constructorabajio.mx", "477 214 5580"],
  ["C00102", "INSTALACIONES ELECTRICAS HERNANDEZ", "HEGJ800214HT3", "(Precio 2)", "jhernandez@ieh.com.mx", "55 5321 8890"],
  ["C00103", "GRUPO INMOBILIARIO ALTAVISTA SA DE CV", "GIA1011235B7", "(Precio 3)", "obras@altavista.mx", "81 8345 1200"],
  ["C00104", "MANTENIMIENTO INDUSTRIAL DEL NORTE SA DE CV", "MIN090818K21", "(Precio 3)", "almacen@minorte.com", "81 8190 4433"],
  ["C00105", "ILUMINACION Y PROYECTOS LUMEN SC", "IPL150601AB3", "(Precio 2)", "proyectos@lumen.mx", "33 3615 7720"],
  ["C00106", "RAMIREZ SOTO MARIA ELENA", "RASE760923MN8", "(Precio 2)", "maria.ramirez@gmail.com", "442 118 3390"],
  ["C00107", "ELECTRO FERRETERA LA PAZ SA DE CV", "EFP001130TT5", "(Precio 3)", "pedidos@ferrelapaz.com", "222 240 1188"],
  ["C00108", "HOSPITAL SAN RAFAEL DE QUERETARO SA DE CV", "HSR120405P90", "(Precio 2)", "mantenimiento@hsanrafael.mx", "442 215 6000"],
  ["C00109", "AGUILAR MENDEZ JOSE LUIS", "AUMJ850411QW2", "(Precio 2)", "jl.aguilar@outlook.com", "55 4410 2276"],
  ["C00110", "SOLUCIONES SOLARES DEL PACIFICO SA DE CV", "SSP170221FG4", "(Precio 3)", "compras@solpacifico.mx", "669 985 3321"],
  ["C00111", "CONDOMINIO TORRE REFORMA 222", "CTR0809299A1", "(Precio 2)", "administracion@torre222.mx", "55 5208 7400"],
  ["C00112", "TALLERES Y MONTAJES ELECTROMECANICOS SA", "TME930517LL6", "(Precio 3)", "tme@tmesa.com.mx", "449 912 0034"],
  ["C00113", "GARCIA LUNA FERNANDO", "GALF900102RT5", "(Precio 2)", "fgarcia.electricista@gmail.com", "477 390 1144"],
  ["C00114", "PLAZA COMERCIAL LAS AMERICAS SA DE CV", "PCA0302145X9", "(Precio 2)", "operaciones@plazaamericas.mx", "998 884 2200"],
  ["C00115", "AUTOMATIZACION Y CONTROL DEL CENTRO SA DE CV", "ACC140909HJ7", "(Precio 3)", "ventas@accentro.mx", "461 612 7788"],
];

/** ERP users (agents) with their departments and warehouses. */
const USERS: Array<[string, string, string, string[]]> = [
  ["VENTAS1", "Ventas mostrador 1", "Ventas mostrador", ["M", "O4", "I"]],
  ["VENTAS2", "Ventas proyectos", "Ventas proyectos", ["M", "I", "U", "A1"]],
  ["MLVENTAS", "Ventas Mercado Libre", "Comercio electrónico", ["1ML", "FJ"]],
  ["CAJA1", "Caja principal", "Punto de venta", ["M"]],
  ["COMPRAS", "Compras", "Compras", ["M", "I", "T6"]],
  ["SURTIDO", "Surtido almacén", "Almacén", ["M", "O4", "1ML"]],
];

const arr = (xs: string[]) => `array[${xs.map(lit).join(", ")}]::text[]`;
const nullable = (s: string | null) => (s === null ? "null" : lit(s));

export function erpBaseStatements(sizes: SeedSizes): string[] {
  return [
    // Articles: every catalogue product that is not a combo (combos only exist in the shop).
    `insert into sim.erp_articles (sku, manufacturer_sku, description, stocks, stock_total, precio2, precio3, currency, synced_at)
     select upper(p.id), p.manufacturer_sku, coalesce(nullif(p.descripcion1, ''), nullif(p.intelisis_name, ''), p.name),
            p.stocks, p.stock_total, p.precio2, p.precio3, p.moneda_precio, p.updated_at
       from public.products p where not p.is_combo
     on conflict (sku) do nothing`,

    `insert into sim.erp_clients (cliente, nombre, rfc, lista_precios, email, telefonos) values
     ${CLIENTS.map((c) => `(${lit(c[0])}, ${lit(c[1])}, ${lit(c[2])}, ${lit(c[3])}, ${nullable(c[4])}, ${nullable(c[5])})`).join(",\n     ")}`,

    // Bench scale: many more clients so the typeahead searches a realistic table.
    `insert into sim.erp_clients (cliente, nombre, rfc, lista_precios, email, telefonos)
     select 'C' || lpad((20000 + g)::text, 5, '0'),
            (array['MATERIALES','ELECTRICA','CONSTRUCCIONES','INSTALACIONES','PROYECTOS','SERVICIOS'])[1 + g % 6] || ' ' ||
            (array['DEL NORTE','DEL SURESTE','ALFA','OMEGA','INTEGRALES','DE OCCIDENTE','DEL VALLE','CENTRAL'])[1 + (g / 6) % 8] || ' ' ||
            (array['SA DE CV','SC','SAPI DE CV','S DE RL'])[1 + g % 4] || ' ' || g,
            upper(substr(md5(g::text), 1, 3)) || to_char(date '2000-01-01' + (g % 6000), 'YYMMDD') || upper(substr(md5(g::text), 4, 3)),
            case when g % 3 = 0 then '(Precio 3)' else '(Precio 2)' end,
            'contacto' || g || '@cliente.mx',
            '55 ' || lpad(((g * 7919) % 10000)::text, 4, '0') || ' ' || lpad(((g * 104729) % 10000)::text, 4, '0')
       from generate_series(1, ${Math.max(0, Math.floor(sizes.extraClients))}) g
     on conflict (cliente) do nothing`,

    // The dollar rate (getDollarRate): the demo's rate, set now; the simulated activity moves it.
    `insert into sim.meta (key, value)
     values (${lit(DOLLAR_RATE_KEY)}, jsonb_build_object('rate', ${Number(DOLLAR_PRICE)}::numeric,
             'updatedAt', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
     on conflict (key) do update set value = excluded.value`,

    `insert into sim.erp_users (usuario, nombre, departamento, almacenes) values
     ${USERS.map((u) => `(${lit(u[0])}, ${lit(u[1])}, ${lit(u[2])}, ${arr(u[3])})`).join(",\n     ")}`,

    // Every ERP user or agent the app's users refer to must exist in the ERP.
    `insert into sim.erp_users (usuario, nombre, departamento, almacenes)
     select distinct on (k.usuario) k.usuario,
            case when k.usuario = u.intelisis_agent then trim(u.first_name || ' ' || u.last_name) else 'Agente ' || k.usuario end,
            'Ventas', array['M']::text[]
       from public.users u
       cross join lateral unnest(array_append(u.erp_users, u.intelisis_agent)) as k(usuario)
      where k.usuario is not null and trim(k.usuario) <> ''
      order by k.usuario, (k.usuario = u.intelisis_agent) desc
     on conflict (usuario) do nothing`,

    // Point-of-sale sales already sent to the ERP, with the movements the app recorded for them.
    `insert into sim.erp_documents (kind, reference, mov, mov_id, usuario, almacen, cliente, items, total, cancel_detail, created_at)
     select 'pdv', 'PDV-' || s.id || ' S-' || s.session_id, coalesce(m->>'mov', 'Nota'), m->>'movid', s.intelisis_agent, 'M', 'V',
            (select coalesce(jsonb_agg(jsonb_build_object('sku', l.sku, 'price', l.price, 'qty', l.qty, 'subtotal', l.amount) order by l.id), '[]'::jsonb)
               from public.pdv_sale_lines l where l.sale_id = s.id),
            s.total, s.cancel_detail, coalesce((m->>'ultimocambio')::timestamptz, s.date_created)
       from public.pdv_sales s cross join lateral jsonb_array_elements(s.intelisis_movs) m
      where coalesce(m->>'movid', '') <> ''
     on conflict (mov_id) do nothing`,

    // One sale in ten was invoiced by its customer: cancelling it must be refused.
    `insert into sim.erp_documents (kind, reference, mov, mov_id, usuario, almacen, cliente, items, total, created_at)
     select 'pdv', d.reference, 'Factura', 'F' || d.mov_id, d.usuario, d.almacen, d.cliente, d.items, d.total, d.created_at + interval '1 hour'
       from sim.erp_documents d
      where d.kind = 'pdv' and d.id % 10 = 3 and d.cancel_detail is null
     on conflict (mov_id) do nothing`,

    `insert into sim.erp_documents (kind, reference, mov, mov_id, usuario, almacen, cliente, items, total, created_at)
     select 'cotizacion', q.folio, 'Cotizacion', q.intelisis_id, q.agent, q.warehouse, q.client_key,
            (select coalesce(jsonb_agg(jsonb_build_object('sku', l.sku, 'price', l.price, 'qty', l.qty,
                                                          'subtotal', round(l.price * l.qty, 2)) order by l.position), '[]'::jsonb)
               from public.quotation_lines l where l.quotation_id = q.id and l.sku is not null),
            q.total, q.created_at
       from public.quotations q where coalesce(q.intelisis_id, '') <> ''
     on conflict (mov_id) do nothing`,
  ];
}

/**
 * The lines each order should have in the ERP: the publications' linked products (sku upper-cased,
 * quantity = sales × linked qty, unit price after the linked discount), merged per SKU. Orders
 * without publications fall back to their items.
 */
function expectedLinesStatement(table: string, orderFilter: string): string {
  return `create temp table ${table} on commit drop as
  with src as (select o.id, o.products_order, o.order_items from public.orders o where ${orderFilter}),
  pubs as (
    select s.id as order_id, upper(trim(lp->>'sku')) as sku,
           coalesce(nullif(po->>'sales', '')::numeric, 1) * coalesce(nullif(lp->>'qty', '')::numeric, 1) as qty,
           round(coalesce(nullif(lp->>'price', '')::numeric, 0)
                 * (1 - least(greatest(coalesce(nullif(lp->>'discount', '')::numeric, 0), 0), 100) / 100), 2) as unit
      from src s
      cross join lateral jsonb_array_elements(case when jsonb_typeof(s.products_order) = 'array' then s.products_order else '[]'::jsonb end) po
      cross join lateral jsonb_array_elements(case when jsonb_typeof(po->'linkedProducts') = 'array' then po->'linkedProducts' else '[]'::jsonb end) lp
     where coalesce(trim(lp->>'sku'), '') <> ''),
  items as (
    select s.id as order_id, upper(trim(coalesce(nullif(it->>'sellerSku', ''), it->>'id'))) as sku,
           coalesce(nullif(it->>'qty', '')::numeric, 1) as qty,
           round(coalesce(nullif(it->>'price', '')::numeric, 0) / 1.16, 2) as unit
      from src s
      cross join lateral jsonb_array_elements(case when jsonb_typeof(s.order_items) = 'array' then s.order_items else '[]'::jsonb end) it
     where not exists (select 1 from pubs p where p.order_id = s.id)
       and coalesce(trim(coalesce(nullif(it->>'sellerSku', ''), it->>'id')), '') <> '')
  select order_id, sku, sum(qty) as qty, sum(qty * unit) as amount,
         row_number() over (partition by order_id order by sku) as rn
    from (select * from pubs union all select * from items) x
   where qty > 0
   group by order_id, sku`;
}

/**
 * Unit price per line so that Σ precio × cantidad × 1.16 equals the order balance within 0.02:
 * the catalogue price when it already does, otherwise the balance spread by each line's weight.
 */
const PRICE = `case when t.exact then round(l.amount / l.qty, 6)
                    when t.amount > 0 then round((o.balance / 1.16) * (l.amount / t.amount) / l.qty, 6)
                    else round((o.balance / 1.16) / t.qty, 6) end`;

const totalsStatement = (lines: string, totals: string) =>
  `create temp table ${totals} on commit drop as
   select l.order_id, sum(l.amount) as amount, sum(l.qty) as qty,
          abs(round(sum(l.amount) * 1.16, 2) - max(o.balance)) <= 0.02 as exact
     from ${lines} l join public.orders o on o.id = l.order_id
    group by l.order_id`;

const FULL = `lower(coalesce(o.logistic_type, '')) = 'fulfillment'`;

/** Movements already assigned to orders, with lines that pass every assignment rule. */
export function assignedMovementStatements(): string[] {
  const assigned = `o.intelisis_movement is not null and trim(o.intelisis_movement) not in ('', 'null')`;
  return [
    `insert into sim.erp_movements (movement, mov, order_id, scenario, created_at)
     select distinct on (upper(trim(o.intelisis_movement))) upper(trim(o.intelisis_movement)), 'Pedido', o.id, 'assigned', o.order_date
       from public.orders o where ${assigned}
      order by upper(trim(o.intelisis_movement)), o.order_date, o.id
     on conflict (movement) do nothing`,
    expectedLinesStatement("sim_seed_lines", `o.id in (select order_id from sim.erp_movements where scenario = 'assigned')`),
    `create index on sim_seed_lines (order_id)`,
    totalsStatement("sim_seed_lines", "sim_seed_totals"),
    `create index on sim_seed_totals (order_id)`,
    // Fresh temp tables have no statistics; without them the planner picks nested loops.
    `analyze sim_seed_lines`,
    `analyze sim_seed_totals`,
    `analyze sim.erp_movements`,
    `insert into sim.erp_movement_lines (movement, line, articulo, cantidad, precio, cantidad_reservada, almacen, cliente)
     select m.movement, l.rn, l.sku, l.qty, ${PRICE}, l.qty,
            case when ${FULL} then 'FJ' else '1ML' end, 'MLPR'
       from sim.erp_movements m
       join public.orders o on o.id = m.order_id
       join sim_seed_lines l on l.order_id = o.id
       join sim_seed_totals t on t.order_id = o.id
      where m.scenario = 'assigned'`,
    // Credit notes the app already recorded: same items as their movement.
    `insert into sim.erp_credit_notes (note, movement, order_id, scenario, lines, created_at)
     select distinct on (upper(trim(o.credit_note))) upper(trim(o.credit_note)), m.movement, o.id, null,
            (select coalesce(jsonb_agg(jsonb_build_object('articulo', l.articulo, 'cantidad', l.cantidad) order by l.line), '[]'::jsonb)
               from sim.erp_movement_lines l where l.movement = m.movement and l.articulo not in ('SERV2', 'SERV10')),
            o.updated_at
       from public.orders o join sim.erp_movements m on m.movement = upper(trim(o.intelisis_movement))
      where coalesce(trim(o.credit_note), '') not in ('', 'null')
      order by upper(trim(o.credit_note)), o.order_date
     on conflict (note) do nothing`,
  ];
}

/** Demo credit notes for recent assigned orders without one: NCM… matches its movement, NCX… does not. */
export function demoCreditNoteStatements(sizes: SeedSizes): string[] {
  const n = Math.max(0, Math.floor(sizes.demoCreditNotes));
  return [
    `analyze sim.erp_movement_lines`,
    `create temp table sim_seed_note_orders on commit drop as
     select o.id, m.movement, row_number() over (order by o.order_date desc, o.id desc) as k
       from public.orders o join sim.erp_movements m on m.order_id = o.id and m.scenario = 'assigned'
      where coalesce(trim(o.credit_note), '') in ('', 'null')
        and o.order_status <> 'cancelled'
        and date_trunc('year', o.order_date at time zone 'America/Mexico_City') = date_trunc('year', now() at time zone 'America/Mexico_City')
        and exists (select 1 from sim.erp_movement_lines l where l.movement = m.movement)
      order by o.order_date desc, o.id desc
      limit ${2 * n}`,
    `insert into sim.erp_credit_notes (note, movement, order_id, scenario, lines)
     select case when c.k <= ${n} then 'NCM' else 'NCX' end || c.movement, c.movement, c.id,
            case when c.k <= ${n} then 'match' else 'mismatch' end,
            (select jsonb_agg(jsonb_build_object('articulo', l.articulo,
                                                 'cantidad', l.cantidad + case when c.k > ${n} and l.line = 1 then 1 else 0 end) order by l.line)
               from sim.erp_movement_lines l where l.movement = c.movement and l.articulo not in ('SERV2', 'SERV10'))
       from sim_seed_note_orders c
     on conflict (note) do nothing`,
  ];
}

/** Recent unassigned marketplace orders that get one candidate movement per scenario. */
export function candidateOrdersStatement(sizes: SeedSizes): string {
  return `create temp table sim_seed_candidates on commit drop as
   select id, (row_number() over (order by order_date desc, id desc) - 1)::int as n
     from (
       select o.id, o.order_date,
              row_number() over (partition by ${FULL} order by o.order_date desc, o.id desc) as k
         from public.orders o
        where (o.intelisis_movement is null or trim(o.intelisis_movement) in ('', 'null'))
          and o.order_status = 'paid'
          and o.status not like '%cancel%'
          and o.balance > 0
          and lower(coalesce(o.logistic_type, '')) in ('fulfillment', 'drop_off', 'cross_docking', 'xd_drop_off', 'not_specified')
          and jsonb_array_length(o.products_order) > 0
     ) c
    where k <= ${Math.max(0, Math.floor(sizes.candidateOrdersPerGroup))}`;
}

/** The candidate movements, numbered from `start`: one block of scenarios per order. */
export function candidateMovementStatements(start: number): string[] {
  const count = DEMO_SCENARIOS.length;
  const values = DEMO_SCENARIOS.map((s, i) => `(${i}, ${lit(s.scenario)})`).join(", ");
  const wrongWarehouse = `case when ${FULL} then '1ML' else 'FJ' end`;
  const rightWarehouse = `case when ${FULL} then 'FJ' else '1ML' end`;
  return [
    `insert into sim.erp_movements (movement, mov, order_id, scenario)
     select (${start} + c.n * ${count} + s.idx)::text, 'Pedido', c.id, s.scenario
       from sim_seed_candidates c cross join (values ${values}) as s(idx, scenario)
     on conflict (movement) do nothing`,
    expectedLinesStatement("sim_seed_candidate_lines", `o.id in (select id from sim_seed_candidates)`),
    totalsStatement("sim_seed_candidate_lines", "sim_seed_candidate_totals"),
    `analyze sim_seed_candidate_lines`,
    `analyze sim_seed_candidate_totals`,
    `insert into sim.erp_movement_lines (movement, line, articulo, cantidad, precio, cantidad_reservada, almacen, cliente)
     select m.movement, l.rn,
            case when m.scenario = 'wrong_skus' and l.rn = 1 then coalesce(alt.sku, 'ART-NO-VENDIDO') else l.sku end,
            l.qty,
            round(${PRICE} * case when m.scenario = 'wrong_total' then 1.10 else 1 end, 6),
            case when m.scenario = 'reserved_short' and l.rn = 1 then greatest(l.qty - 1, 0) else l.qty end,
            case when m.scenario = 'wrong_warehouse' then ${wrongWarehouse} else ${rightWarehouse} end,
            case when m.scenario = 'wrong_client' then 'C00101' else 'MLPR' end
       from sim.erp_movements m
       join public.orders o on o.id = m.order_id
       join sim_seed_candidate_lines l on l.order_id = o.id
       join sim_seed_candidate_totals t on t.order_id = o.id
       left join lateral (
         select upper(p.id) as sku from public.products p
          where not p.is_combo and upper(p.id) not in (select x.sku from sim_seed_candidate_lines x where x.order_id = o.id)
          order by p.id limit 1) alt on m.scenario = 'wrong_skus'
      where m.scenario is not null and m.scenario <> 'assigned' and m.order_id in (select id from sim_seed_candidates)`,
    // The shipping service line: excluded from totals and item lists by the assignment rules.
    `insert into sim.erp_movement_lines (movement, line, articulo, cantidad, precio, cantidad_reservada, almacen, cliente)
     select m.movement, (select max(x.line) from sim.erp_movement_lines x where x.movement = m.movement) + 1,
            'SERV2', 1, 120.689655, 1, case when ${FULL} then 'FJ' else '1ML' end, 'MLPR'
       from sim.erp_movements m join public.orders o on o.id = m.order_id
      where m.scenario = 'match_service_line'
        and exists (select 1 from sim.erp_movement_lines x where x.movement = m.movement)`,
  ];
}

/** Picking (surtido) records over the ERP's articles. */
export function surtidoStatements(sizes: SeedSizes): string[] {
  return [
    `create temp table sim_seed_articles on commit drop as
     select sku, stock_total, (row_number() over (order by sku) - 1)::int as rn from sim.erp_articles`,
    `insert into sim.erp_surtido (fecha_registro, fecha, articulos)
     select now() - g * interval '37 minutes', ((now() - g * interval '37 minutes') at time zone 'America/Mexico_City')::date,
            (select jsonb_agg(jsonb_build_object(
                      'renglonid', l.k, 'articulo', l.sku, 'ubicacion', l.ubicacion, 'existencia', l.existencia,
                      'cantidadpendiente', l.pendiente, 'cantidadSeleccionada', 0,
                      'mensaje', case when l.existencia < l.pendiente then 'Sin existencia suficiente' else '' end) order by l.k)
               from (
                 -- Every fifth line is short of stock and every eleventh sits at the counter (a location
                 -- without a level), so the picking list shows its SINSTOCK and unassigned groups.
                 select k, a.sku,
                        case when (g * k) % 11 = 0 then 'MOSTRADOR' else 'A' || (1 + a.rn % 12) || '-' || lpad((a.rn % 40)::text, 2, '0') end as ubicacion,
                        case when (g + 3 * k) % 5 = 0 then greatest(0, least(a.stock_total, (g + k) % 5 - g % 2)) else a.stock_total end as existencia,
                        1 + (g + k) % 5 as pendiente
                   from generate_series(1, 1 + g % 4) k
                   join sim_seed_articles a on a.rn = (g * 7 + k * 13) % (select greatest(count(*), 1) from sim_seed_articles)) l)
       from generate_series(1, ${Math.max(0, Math.floor(sizes.surtidoRecords))}) g
      where exists (select 1 from sim_seed_articles)`,
  ];
}
