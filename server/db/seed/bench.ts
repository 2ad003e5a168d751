import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { categoryRows } from "./demo/catalog";
import { BRANDS } from "./demo/catalog-data";
import {
  DOLLAR_PRICE,
  PACKAGE_MANAGERS,
  SELLER_ID_BRAND,
  SELLER_ID_MAIN,
  STORE_OFFICIAL,
  STORE_SE_RESIDENCIAL,
  STORE_SQUARE_D,
  WAREHOUSES,
} from "./demo/constants";
import { processingStatusOf } from "@common/processing-status";
import { seedDemo, type SeedSummary } from "./demo/index";
import { PEOPLE } from "./demo/people";
import { DemoClock } from "./demo/time";
import { seedSimulator } from "../../integrations/simulator/seed";
import { wipeAll } from "./wipe";
import { benchBlogStatements } from "./bench/blogs";
import { benchSalesStatements } from "./bench/sales";
import { benchTaxonomyAssignments, benchTaxonomyStatements } from "./bench/taxonomies";

/**
 * The volume data set for benchmarks: the demo data set plus set-based rows built in SQL from
 * generate_series, with deterministic pseudo-random values (hashes of the row number), spread over two
 * years with the same shapes as the demo rows. It replaces whatever the database held.
 */
export const BENCH = {
  products: 50_000,
  publications: 20_000,
  orders: 100_000,
  questions: 100_000,
  conversations: 50_000,
  messagesPerConversation: [2, 6] as const,
  days: 730,
};

export type BenchOptions = {
  now?: Date;
  brand?: string;
  simulator?: boolean;
  log?: (line: string) => void;
  /** Orders in total (BENCH.orders by default): a larger set shows whether a list's cost grows with the data. */
  orders?: number;
};

// ---------------------------------------------------------------- SQL helpers

/** A non-negative pseudo-random int from a row number and a salt (stable: PostgreSQL's int8 hash). */
const H = (expr: string, salt: number) => `(hashint8((${expr})::bigint * 7919 + ${salt}) & 2147483647)`;
/** Uniform in [0, 1). */
const U = (expr: string, salt: number) => `(${H(expr, salt)}::float8 / 2147483648.0)`;
/** Uniform int in [0, mod). */
const M = (expr: string, salt: number, mod: number) => `(${H(expr, salt)} % ${mod})`;
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => `ARRAY[${items.map(lit).join(", ")}]::text[]`;
const slugSql = (expr: string) =>
  `trim(both '-' from regexp_replace(translate(lower(${expr}), 'áéíóúüñ', 'aeiouun'), '[^a-z0-9]+', '-', 'g'))`;
/** Cuts a title at a word boundary. */
const cutSql = (expr: string, max: number) =>
  `coalesce(substring((${expr}) || ' ' from '^(.{1,${max - 1}}\\S)\\s'), left(${expr}, ${max}))`;

type Family = {
  prefix: string;
  type: string;
  category: string;
  brands: string[];
  specs: string[];
  price: [number, number];
  sector: number;
  application: number;
  clave: string;
  dollars?: boolean;
  scale: number;
};

/** Product families for the generated catalogue (SKU = prefix + 5 digits; never clashes with the demo SKUs). */
const FAMILIES: Family[] = [
  {
    prefix: "QOB",
    type: "Interruptor termomagnético",
    category: "Interruptores termomagnéticos",
    brands: ["Square D", "SE Residencial", "Siemens", "Cutler-Hammer"],
    specs: ["1 polo 15 A", "1 polo 20 A", "1 polo 30 A", "2 polos 20 A", "2 polos 40 A", "2 polos 50 A", "3 polos 60 A", "3 polos 100 A"],
    price: [120, 2400],
    sector: 1,
    application: 3,
    clave: "39121601",
    scale: 80,
  },
  {
    prefix: "GFB",
    type: "Interruptor con falla a tierra",
    category: "Interruptores GFCI",
    brands: ["Square D", "Eaton", "Leviton"],
    specs: ["1 polo 15 A", "1 polo 20 A", "2 polos 30 A"],
    price: [900, 3200],
    sector: 1,
    application: 3,
    clave: "39121601",
    scale: 10,
  },
  {
    prefix: "CCQ",
    type: "Centro de carga",
    category: "Centros de carga QO",
    brands: ["Square D", "SE Residencial", "Eaton", "Siemens"],
    specs: ["2 circuitos", "4 circuitos", "8 circuitos", "12 circuitos 125 A", "24 circuitos 200 A", "30 circuitos 225 A"],
    price: [250, 9000],
    sector: 1,
    application: 2,
    clave: "39121610",
    scale: 15,
  },
  {
    prefix: "THWL",
    type: "Cable THW-LS",
    category: "Cable THW",
    brands: ["Condumex", "Viakon", "Iusa"],
    specs: [
      "calibre 14 negro 100 m",
      "calibre 12 blanco 100 m",
      "calibre 12 rojo 100 m",
      "calibre 10 verde 100 m",
      "calibre 8 negro 100 m",
      "calibre 6 azul 100 m",
    ],
    price: [900, 6000],
    sector: 1,
    application: 1,
    clave: "26121600",
    scale: 40,
  },
  {
    prefix: "THHN",
    type: "Cable THHW-LS",
    category: "Cable THHW-LS",
    brands: ["Viakon", "Condumex"],
    specs: ["calibre 12 negro 100 m", "calibre 10 blanco 100 m", "calibre 8 rojo 100 m", "calibre 4 negro carrete 50 m"],
    price: [1300, 9000],
    sector: 2,
    application: 2,
    clave: "26121600",
    scale: 20,
  },
  {
    prefix: "URD",
    type: "Cable uso rudo",
    category: "Cable uso rudo",
    brands: ["Condumex", "Iusa"],
    specs: ["2x16 100 m", "2x14 100 m", "3x12 100 m", "4x10 50 m"],
    price: [1100, 5200],
    sector: 3,
    application: 8,
    clave: "26121600",
    scale: 10,
  },
  {
    prefix: "LEDA",
    type: "Foco LED",
    category: "Focos LED",
    brands: ["Philips", "Tecnolite", "Ledvance"],
    specs: ["A19 9 W 6500 K E26", "A19 12 W 3000 K E26", "PAR38 15 W 3000 K", "GU10 5 W 4000 K", "vela B11 4 W 2700 K", "A21 15 W 6500 K"],
    price: [35, 320],
    sector: 1,
    application: 4,
    clave: "39101600",
    scale: 150,
  },
  {
    prefix: "REFL",
    type: "Reflector LED",
    category: "Reflectores",
    brands: ["Tecnolite", "Philips", "Ledvance"],
    specs: ["20 W 6500 K IP65", "50 W 6500 K IP65", "100 W 5000 K IP65", "150 W 5000 K IP66", "200 W 6500 K IP66", "solar 60 W con panel"],
    price: [180, 4200],
    sector: 2,
    application: 5,
    clave: "39111500",
    scale: 20,
  },
  {
    prefix: "LUMN",
    type: "Luminaria LED",
    category: "Luminarias",
    brands: ["Tecnolite", "Philips"],
    specs: ["empotrable redonda 12 W", "panel 60x60 40 W", "sobreponer cuadrada 24 W", "campana high bay 150 W", "lineal 120 cm 36 W"],
    price: [160, 3800],
    sector: 2,
    application: 4,
    clave: "39111500",
    scale: 20,
  },
  {
    prefix: "TIRA",
    type: "Tira LED",
    category: "Tiras LED",
    brands: ["Tecnolite", "Philips"],
    specs: ["5 m luz cálida", "5 m luz fría", "5 m RGB con control", "10 m luz neutra"],
    price: [250, 900],
    sector: 1,
    application: 4,
    clave: "39111500",
    scale: 30,
  },
  {
    prefix: "APGD",
    type: "Apagador",
    category: "Apagadores",
    brands: ["Bticino", "Leviton", "Volteck"],
    specs: ["sencillo blanco", "sencillo grafito", "de 3 vías blanco", "de escalera marfil", "con piloto blanco"],
    price: [35, 180],
    sector: 1,
    application: 1,
    clave: "39121400",
    scale: 80,
  },
  {
    prefix: "CTAC",
    type: "Contacto",
    category: "Contactos",
    brands: ["Bticino", "Leviton", "Volteck"],
    specs: ["dúplex polarizado blanco", "dúplex con USB", "GFCI 15 A", "tierra aislada naranja", "sencillo marfil"],
    price: [40, 520],
    sector: 1,
    application: 1,
    clave: "39121400",
    scale: 80,
  },
  {
    prefix: "PLCA",
    type: "Placa",
    category: "Placas",
    brands: ["Bticino", "Leviton"],
    specs: ["1 módulo blanca", "2 módulos blanca", "3 módulos grafito", "dúplex marfil"],
    price: [22, 95],
    sector: 1,
    application: 1,
    clave: "39121400",
    scale: 100,
  },
  {
    prefix: "CNDT",
    type: "Tubo conduit",
    category: "Tubo conduit",
    brands: ["Canalmex", "Duralón"],
    specs: ['pared delgada 1/2" 3 m', 'pared delgada 3/4" 3 m', 'pared gruesa 1" 3 m', 'PVC ligero 1/2" 3 m', 'PVC pesado 1" 3 m'],
    price: [20, 320],
    sector: 2,
    application: 7,
    clave: "39131700",
    scale: 200,
  },
  {
    prefix: "CANL",
    type: "Canaleta",
    category: "Canaletas",
    brands: ["Dexson"],
    specs: ["10x10 mm 2 m", "20x12 mm 2 m", "40x25 mm 2 m", "60x40 mm 2 m"],
    price: [25, 260],
    sector: 2,
    application: 7,
    clave: "39131700",
    scale: 120,
  },
  {
    prefix: "CTOR",
    type: "Contactor",
    category: "Contactores",
    brands: ["Schneider Electric", "Siemens", "Eaton"],
    specs: ["9 A bobina 220 V", "12 A bobina 220 V", "18 A bobina 127 V", "25 A bobina 220 V", "40 A bobina 440 V"],
    price: [35, 190],
    sector: 3,
    application: 6,
    clave: "39121521",
    dollars: true,
    scale: 8,
  },
  {
    prefix: "RLVT",
    type: "Relevador térmico",
    category: "Relevadores térmicos",
    brands: ["Schneider Electric", "Siemens"],
    specs: ["2.5-4 A", "4-6 A", "7-10 A", "12-18 A", "17-25 A"],
    price: [38, 80],
    sector: 3,
    application: 6,
    clave: "39121521",
    dollars: true,
    scale: 8,
  },
  {
    prefix: "PNZA",
    type: "Pinza",
    category: "Pinzas",
    brands: ["Truper", "Klein Tools", "Pretul"],
    specs: ['de electricista 8"', 'de corte diagonal 7"', 'pelacables 7"', 'de punta 6"'],
    price: [90, 900],
    sector: 3,
    application: 8,
    clave: "27111700",
    scale: 25,
  },
  {
    prefix: "MULT",
    type: "Multímetro",
    category: "Medición y prueba",
    brands: ["Volteck", "Klein Tools", "Truper"],
    specs: ["digital 600 V", "de gancho 600 A", "autorango True RMS", "probador sin contacto"],
    price: [140, 2600],
    sector: 3,
    application: 8,
    clave: "27111700",
    scale: 15,
  },
  {
    prefix: "CINT",
    type: "Cinta de aislar",
    category: "Cintas aislantes",
    brands: ["3M", "Volteck", "Pretul"],
    specs: ["19 mm x 18 m negra", "19 mm x 20 m roja", "autofundente 19 mm x 9 m", "de vinil 19 mm x 20 m verde"],
    price: [10, 450],
    sector: 1,
    application: 8,
    clave: "31201500",
    scale: 250,
  },
];

const STATUS_PATHS: Record<string, string[]> = {
  drop_off: ["paid", "ready_to_print", "printed", "shipped", "out_for_delivery", "delivered"],
  cross_docking: ["paid", "ready_to_print", "printed", "ready_for_pickup", "picked_up", "shipped", "out_for_delivery", "delivered"],
  xd_drop_off: ["paid", "ready_to_print", "printed", "shipped", "in_hub", "out_for_delivery", "delivered"],
  fulfillment: ["paid", "in_warehouse", "ready_to_pack", "in_packing_list", "shipped", "out_for_delivery", "delivered"],
  ecommerce: ["paid", "handling", "shipped", "delivered"],
};

const QUESTION_TEXTS: Array<[string, string]> = [
  ["¿Hacen factura?", "Sí, emitimos factura electrónica; después de tu compra envíanos tu constancia de situación fiscal por mensajes."],
  ["¿Es original?", "Sí, es nuevo, original y con garantía del fabricante."],
  ["¿Tienen más piezas disponibles?", "Sí, la cantidad disponible está actualizada en la publicación."],
  ["¿Cuánto tarda en llegar a Guadalajara?", "Normalmente de 2 a 4 días hábiles; lo verás al ingresar tu código postal."],
  ["¿Es compatible con centro de carga QO?", "Sí, es enchufable y compatible con centros de carga QO."],
  ["¿El cable es 100% cobre?", "Sí, es cobre suave con aislamiento antiflama."],
  ["¿Es luz blanca o cálida?", "Manejamos ambas opciones; elige la temperatura de color en la publicación."],
  ["¿Incluye la placa?", "La placa se vende por separado; la tenemos en el mismo color."],
  ["¿Dan precio de mayoreo?", "Para volúmenes mayores escríbenos y revisamos un precio especial."],
  ["¿Envían hoy si compro ahorita?", "Si tu compra se acredita antes de las 13:00 h en día hábil, sale el mismo día."],
  ["¿Funciona con dimmer?", "Este modelo no es atenuable; tenemos la línea regulable en otra publicación."],
  ["¿Es para exterior?", "Sí, cuenta con protección IP65 para exterior."],
  ["¿El precio es por pieza?", "Sí, el precio es por pieza salvo que el título indique paquete."],
  ["¿Qué calibre necesito para un minisplit?", "Para un minisplit de 1.5 t a 220 V se recomienda calibre 12."],
  ["¿Aceptan pago a meses?", "Sí, según las promociones vigentes de la plataforma."],
];

const FLOWS: Array<Array<[boolean, string]>> = [
  [
    [false, "Hola, necesito factura de mi compra, ¿qué datos les envío?"],
    [true, "Envíanos tu constancia de situación fiscal, uso de CFDI y forma de pago."],
    [false, "Les adjunto mi constancia."],
    [true, "Recibido, te enviamos la factura al entregarse el pedido."],
    [false, "Gracias."],
    [true, "Te compartimos tu factura en PDF y XML."],
  ],
  [
    [false, "Buenas tardes. Factura por favor, ¿qué datos necesitan?"],
    [true, "Con gusto, envíanos tu constancia de situación fiscal."],
    [false, "Listo, ya se las mandé."],
    [true, "Gracias, en breve la recibes."],
    [false, "Perfecto."],
    [true, "Factura enviada. ¡Gracias por tu compra!"],
  ],
  [
    [false, "¿ME PUEDEN ENVIAR LA FACTURA DE ESTA COMPRA?"],
    [true, "Claro, envíanos tus datos fiscales por este medio."],
    [false, "Ya los envié."],
    [true, "Recibidos, gracias."],
    [false, "¿Cuándo me llega?"],
    [true, "Al entregarse el pedido te la enviamos."],
  ],
  [
    [false, "Hola, ¿cuándo envían mi pedido?"],
    [true, "Tu pedido sale hoy en la recolección de la tarde."],
    [false, "Gracias, ¿me pasan la guía?"],
    [true, "La guía aparece en el detalle de tu compra."],
    [false, "Ya llegó, gracias."],
    [true, "¡Gracias a ti! Te agradeceremos tu calificación."],
  ],
  [
    [true, "¡Hola! Gracias por tu compra. Estamos preparando tu pedido."],
    [false, "Gracias, ¿lo pueden enviar hoy?"],
    [true, "Sí, sale hoy mismo."],
    [false, "Excelente."],
    [true, "¿Recibiste todo en orden?"],
    [false, "Sí, todo bien."],
  ],
  [
    [false, "Me llegó golpeada la caja y una pieza no funciona."],
    [true, "Lamentamos lo ocurrido, ¿nos envías una foto?"],
    [false, "Aquí está la foto."],
    [true, "Gracias, ya generamos el cambio."],
    [false, "Ok, quedo en espera."],
    [true, "La pieza de reemplazo ya fue enviada."],
  ],
  [
    [false, "¿Me pueden decir cómo se conecta? No trae instructivo."],
    [true, "Te compartimos la ficha técnica con el diagrama."],
    [false, "Muchas gracias, ya quedó."],
    [true, "Quedamos atentos a cualquier duda."],
    [false, "Gracias."],
    [true, "¡Que tengas excelente día!"],
  ],
];

// ---------------------------------------------------------------- the seed

export async function seedBench(database: Database, options: BenchOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const brand = options.brand ?? (process.env.BRAND_NAME || "Electrica");
  const clock = new DemoClock(now);
  const anchor = `${lit(clock.anchor.toUTC().toISO() as string)}::timestamptz`;

  await wipeAll(database);
  const step = async (label: string, fn: () => Promise<unknown>) => {
    const t = Date.now();
    await fn();
    log(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };

  await step("demo", () => seedDemo(database, { now, brand, simulator: false }));
  const cats = new Map(categoryRows().map((c) => [c.name, c.id]));
  const brandIds = new Map(BRANDS.map((b) => [b.name, b.id]));

  await database.db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    // Bulk loading is much faster without the secondary indexes: drop them, load, rebuild them as they were.
    const indexes = (
      (await tx.execute(
        sql.raw(`
      select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = 'public' and i.tablename in (${BULK_TABLES.map(lit).join(", ")})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
      order by i.tablename, i.indexname`),
      )) as unknown as { rows: Array<{ indexname: string; indexdef: string }> }
    ).rows;
    for (const ix of indexes) await run(`drop index "${ix.indexname}"`);
    await step("categories and brands", async () => {
      for (const statement of benchTaxonomyStatements()) await run(statement);
    });
    await step("products", () => run(productsSql(cats, brandIds, anchor)));
    await step("products to bench categories and brands", () => run(benchTaxonomyAssignments()));
    await run(`create temp table bench_products on commit drop as
      select (row_number() over (order by id_new))::int as rn, id as sku, name, coalesce(intelisis_name, name) as intelisis_name,
        round(case when moneda_precio = 'Dolares' then precio2 * ${DOLLAR_PRICE} else precio2 end, 2) as price, stock_total as stock,
        coalesce((select array_agg(s->>'name') from jsonb_array_elements(stocks) s where (s->>'qty')::int > 0), '{}') as wh
      from products where not is_combo`);
    await run("alter table bench_products add primary key (rn)");
    const counted = (await tx.execute(sql.raw("select count(*)::int as n from bench_products"))) as unknown as {
      rows: Array<{ n: number }>;
    };
    const productCount = counted.rows[0].n;
    await step("publications", () => run(publicationsSql(brand, productCount, anchor)));
    await step("publication_variations", () => run(variationsSql(productCount, anchor)));
    await step("orders", () => run(ordersSql(brand, productCount, anchor, (options.orders ?? BENCH.orders) - DEMO_ORDERS)));
    await step("questions", () => run(questionsSql(brand, anchor)));
    await step("conversations", () => run(conversationsSql(anchor)));
    await step("messages", () => run(messagesSql(anchor)));
    await step("pdv sales and quotations", async () => {
      for (const statement of benchSalesStatements(anchor)) await run(statement);
    });
    await step("blog posts", async () => {
      for (const statement of benchBlogStatements(anchor)) await run(statement);
    });
    await step("indexes", async () => {
      for (const ix of indexes) await run(ix.indexdef);
    });
    await run(`select setval(pg_get_serial_sequence('public.conversations', 'id'), (select max(id) from conversations) + 1, false)`);
    await run(`select setval(pg_get_serial_sequence('public.messages', 'id'), (select max(id) from messages) + 1, false)`);
  });

  const simulator = options.simulator !== false;
  if (simulator) await step("simulator", () => seedSimulator(database, { scale: "bench", brand }));
  // VACUUM sets the visibility map so list counts can be answered from indexes alone.
  await step("vacuum analyze", () => database.exec("vacuum analyze"));

  const counts: Record<string, number> = {};
  for (const table of [
    "products",
    "categories",
    "brands",
    "publications",
    "publication_variations",
    "orders",
    "questions",
    "conversations",
    "messages",
  ]) {
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = row.n;
  }
  return { counts, ms: Date.now() - started, simulator };
}

const BULK_TABLES = ["products", "publications", "publication_variations", "orders", "questions", "conversations", "messages"];
const PUB_BASE = 4_100_000_000;
const BENCH_PUBLICATIONS = BENCH.publications - 120;
const BENCH_PRODUCTS = BENCH.products - 296;
/** The demo seed brings 400 orders of its own. */
const DEMO_ORDERS = 400;
const BENCH_QUESTIONS = BENCH.questions - 150;

function productsSql(cats: Map<string, number>, brandIds: Map<string, number>, anchor: string) {
  const fams = FAMILIES.map((f, i) => {
    const ids = f.brands.map((b) => brandIds.get(b) ?? 1);
    return `(${i}, ${lit(f.prefix)}, ${lit(f.type)}, ${cats.get(f.category) ?? "null"}, ARRAY[${ids.join(",")}]::int[], ${textArray(f.brands)}, ${textArray(f.specs)}, ${f.price[0]}, ${f.price[1]}, ${f.sector}, ${f.application}, ${lit(f.clave)}, ${f.dollars ? "true" : "false"}, ${f.scale})`;
  }).join(",\n");
  const warehouses = textArray(WAREHOUSES.map(([w]) => w));
  return `
    with fam(fi, prefix, type, category_id, brand_ids, brand_names, specs, pmin, pmax, sector_id, application_id, clave, dollars, scale) as (values ${fams}),
    base as (
      select n, f.*, 1 + ${M("n", 2, 1000)} % array_length(f.brand_ids, 1) as bi, 1 + ${M("n", 3, 1000)} % array_length(f.specs, 1) as si,
        ${U("n", 4)} as pu, ${M("n", 5, 5)} + 1 as wn, ${M("n", 6, 100)} < 7 as empty, ${M("n", 7, 18)} as wb
      from generate_series(1, ${BENCH_PRODUCTS}) n join fam f on f.fi = ${M("n", 1, FAMILIES.length)}
    )
    insert into products (id, manufacturer_sku, name, slug, descripcion1, intelisis_name, intelisis_category, category_id, brand_id,
      sector_id, application_id, description, tall, wide, long, weight, ean_upc, is_active, clave_sat, price, precio2, precio3,
      moneda_precio, stock_total, stocks, created_at, updated_at)
    select b.prefix || lpad(b.n::text, 5, '0'),
      upper(left(b.brand_names[b.bi], 3)) || '-' || b.n,
      b.type || ' ' || b.specs[b.si] || ' ' || b.brand_names[b.bi],
      ${slugSql("b.type || ' ' || b.specs[b.si] || ' ' || b.brand_names[b.bi] || ' ' || b.prefix || b.n")},
      upper(left(b.type || ' ' || b.specs[b.si], 40)),
      upper(left(b.type || ' ' || b.specs[b.si], 40)),
      upper(b.type),
      b.category_id, b.brand_ids[b.bi], b.sector_id, b.application_id,
      '<p>' || b.type || ' ' || b.specs[b.si] || ' ' || b.brand_names[b.bi] || '. Producto nuevo y original.</p>',
      round((5 + ${M("b.n", 8, 40)})::numeric, 2), round((3 + ${M("b.n", 9, 30)})::numeric, 2), round((5 + ${M("b.n", 10, 60)})::numeric, 2),
      round((0.05 + ${U("b.n", 11)} * 6)::numeric, 3),
      case when ${M("b.n", 12, 100)} < 35 then ${ean13Sql("'7509' || lpad(b.n::text, 8, '0')")} end,
      ${M("b.n", 13, 100)} >= 8,
      b.clave,
      p.price, p.price, round(p.price * 0.92, 2),
      case when b.dollars then 'Dolares' else 'Pesos' end,
      st.total, st.stocks,
      ${anchor} - make_interval(days => ${M("b.n", 14, 900)}), ${anchor} - make_interval(days => ${M("b.n", 15, 60)})
    from base b
    cross join lateral (select round((b.pmin + b.pu * b.pu * (b.pmax - b.pmin))::numeric / case when b.dollars then 18 else 1 end, 2) as price) p
    cross join lateral (
      select coalesce(jsonb_agg(jsonb_build_object('name', w.name, 'qty', w.qty) order by w.k), '[]'::jsonb) as stocks, coalesce(sum(w.qty), 0)::int as total
      from (select k, (${warehouses})[1 + ((b.wb + k * 5) % 18)] as name, (${H("b.n * 10 + k", 16)} % (b.scale + 1))::int as qty
            from generate_series(1, b.wn) k where not b.empty) w
    ) st
    order by b.n`;
}

/** Twelve digits (an SQL expression) and their EAN-13 check digit: weights 1, 3, 1… from the left. */
const ean13Sql = (twelve: string) =>
  `(${twelve} || ((10 - (select sum(substr(${twelve}, i, 1)::int * case when i % 2 = 0 then 3 else 1 end) from generate_series(1, 12) i) % 10) % 10)::text)`;

/** Linked-product JSON for a bench_products row alias, a quantity and a discount. */
const linkedJson = (p: string, qty: string, discount: string) =>
  `jsonb_build_object('sku', ${p}.sku, 'name', ${p}.name, 'intelisisName', ${p}.intelisis_name, 'price', ${p}.price, 'stock', ${p}.stock, 'qty', ${qty}, 'discount', ${discount}, 'warehouses', to_jsonb(${p}.wh))`;

function publicationsSql(brand: string, productCount: number, anchor: string) {
  return `
    with base as (
      select m, 1 + ${M("m", 1, productCount)} as rn1, 1 + ${M("m", 2, productCount)} as rn2, ${M("m", 3, 100)} as kind,
        (ARRAY[2, 3, 4, 5, 6, 10, 12, 20])[1 + ${M("m", 4, 8)}] as packqty, (ARRAY[0, 0, 2, 3, 5, 8, 10])[1 + ${M("m", 5, 7)}] as disc,
        ${M("m", 6, 100)} as storeroll, ${M("m", 7, 100)} as listroll, ${M("m", 8, 100)} as logroll, ${U("m", 9)} as pop,
        ${M("m", 10, 100)} < 72 as price_sync, ${M("m", 11, 100)} < 66 as stock_sync, ${M("m", 12, 100)} < 15 as paused,
        ${M("m", 13, 720)} as age, m % 20 = 0 as has_variations
      from generate_series(1, ${BENCH_PUBLICATIONS}) m
    ), shaped as (
      select b.*, p1.sku as sku1, p1.name as name1, p1.price as price1, p1.stock as stock1, p2.sku as sku2, p2.price as price2,
        case when b.has_variations then 1 when b.kind < 70 then 1 when b.kind < 90 then b.packqty else 1 end as qty1,
        case when b.has_variations then 0 when b.kind < 70 then 0 else b.disc end as disc1,
        not b.has_variations and b.kind >= 90 as kit,
        case when b.storeroll < 22 then '${STORE_OFFICIAL}' when b.storeroll < 27 then '${STORE_SQUARE_D}' when b.storeroll < 30 then '${STORE_SE_RESIDENCIAL}' end as ml_store,
        case when b.listroll < 68 then 'gold_special' else 'gold_pro' end as listing_type,
        ${linkedJson("p1", "case when b.has_variations then 1 when b.kind < 70 then 1 when b.kind < 90 then b.packqty else 1 end", "case when b.has_variations or b.kind < 70 then 0 else b.disc end")} as l1,
        ${linkedJson("p2", "1", "b.disc")} as l2
      from base b join bench_products p1 on p1.rn = b.rn1 join bench_products p2 on p2.rn = b.rn2
    ), priced as (
      select s.*, case when s.listing_type = 'gold_pro' then 0.175 else 0.13 end as commission,
        case when s.kit then s.name1 || ' + ' || s.sku2
             when s.qty1 > 1 then 'Paquete ' || s.qty1 || ' Pz ' || s.name1
             else s.name1 end as raw_title,
        (s.price1 * (1 - s.disc1 / 100.0) * s.qty1 + case when s.kit then s.price2 * (1 - s.disc / 100.0) else 0 end) * 1.16 as base_price
      from shaped s
    )
    insert into publications (id, title, permalink, price, autosync, price_sync, stock_sync, own_post, special, premium, listing_type,
      logistic_type, linked_products, linked_products_string, sync_warehouses, category_id, category_path, category_commission,
      category_attributes, category_variations, description, status, ml_store, official_store, channels, sold_quantity, visits,
      stock_now, stock_later, gallery, last_sync_up, last_sync_down, last_update, created_at)
    select 'MLM' || (${PUB_BASE} + p.m), ${cutSql("p.raw_title", 55)},
      'https://articulo.mercadolibre.com.mx/MLM-' || (${PUB_BASE} + p.m) || '-' || ${slugSql(cutSql("p.raw_title", 55))} || '-_JM',
      case when p.base_price / (1 - p.commission) < 100 then round(ceil(p.base_price / (1 - p.commission)) - 0.01, 2)
           else ceil(p.base_price / (1 - p.commission) / 10) * 10 - 1 end,
      p.price_sync or p.stock_sync, p.price_sync, p.stock_sync, true, false, p.listing_type = 'gold_pro', p.listing_type,
      (ARRAY['drop_off', 'drop_off', 'drop_off', 'drop_off', 'fulfillment', 'fulfillment', 'cross_docking', 'cross_docking', 'cross_docking', 'xd_drop_off'])[1 + p.logroll % 10],
      case when p.has_variations then '[]'::jsonb when p.kit then jsonb_build_array(p.l1, p.l2) else jsonb_build_array(p.l1) end,
      case when p.has_variations then (select string_agg(upper(bp.sku), ' ' order by k) from generate_series(0, 2) k join bench_products bp on bp.rn = 1 + (p.rn1 - 1 + k) % ${productCount})
           when p.kit and p.sku2 <> p.sku1 then upper(p.sku1) || ' ' || upper(p.sku2) else upper(p.sku1) end,
      case when p.stock_sync then case when p.m % 3 = 0 then ARRAY['1ML', 'M', 'O4'] else ARRAY['1ML'] end else '{}'::text[] end,
      'MLM1895' || (20 + p.m % 40), jsonb_build_array(jsonb_build_object('id', 'MLM1512', 'name', 'Herramientas'), jsonb_build_object('id', 'MLM1895' || (20 + p.m % 40), 'name', 'Material eléctrico')),
      p.commission,
      jsonb_build_array(jsonb_build_object('id', 'BRAND', 'name', 'Marca', 'value', split_part(p.name1, ' ', 1)), jsonb_build_object('id', 'SELLER_SKU', 'name', 'SKU', 'value', p.sku1)),
      case when p.has_variations then jsonb_build_array(jsonb_build_object('id', 'COLOR', 'name', 'Color', 'allowVariations', true)) else '[]'::jsonb end,
      jsonb_build_object('intro', ${cutSql("p.raw_title", 55)} || '. Producto nuevo y original.', 'body', '', 'closing', ''),
      case when p.paused then 'paused' else 'active' end,
      p.ml_store, case when p.ml_store = '${STORE_OFFICIAL}' then ${lit(brand)} else '' end,
      case when p.m % 20 < 13 then ARRAY['marketplace'] when p.m % 20 < 19 then ARRAY['marketplace', 'mshops'] else ARRAY['mshops'] end,
      floor(power(p.pop, 3) * 1800)::int, (floor(power(p.pop, 3) * 1800) * (9 + p.m % 30) + p.m % 900)::int,
      floor(p.stock1 * 0.7 / p.qty1)::int, floor(p.stock1 * 0.3 / p.qty1)::int, '[]'::jsonb,
      ${anchor} - make_interval(mins => ${M("p.m", 14, 3000)}),
      case when p.price_sync or p.stock_sync then ${anchor} - make_interval(mins => ${M("p.m", 15, 900)}) else ${anchor} - make_interval(days => 3 + ${M("p.m", 16, 60)}) end,
      ${anchor} - make_interval(days => ${M("p.m", 17, 30)}),
      ${anchor} - make_interval(days => 40 + p.age)
    from priced p
    order by p.m`;
}

function variationsSql(productCount: number, anchor: string) {
  return `
    insert into publication_variations (id, post_id, name, attributes, linked_products, last_update, last_sync_down)
    select 180000000000 + m * 10 + k, 'MLM' || (${PUB_BASE} + m), c.color,
      jsonb_build_array(jsonb_build_object('id', 'COLOR', 'name', 'Color', 'value', c.color)),
      jsonb_build_array(${linkedJson("bp", "1", "0")}),
      ${anchor} - make_interval(days => 10 + m % 300), ${anchor} - make_interval(mins => m % 900)
    from generate_series(20, ${BENCH_PUBLICATIONS}, 20) m
    cross join generate_series(0, 2) k
    cross join lateral (select (ARRAY['Negro', 'Blanco', 'Rojo'])[k + 1] as color) c
    join bench_products bp on bp.rn = 1 + (${M("m", 1, productCount)} + k) % ${productCount}
    order by m, k`;
}

/** A history prefix as SQL text: the first k entries of a path. */
const pathSql = (logistic: string, k: string) => `array_to_string((${textArray(STATUS_PATHS[logistic])})[1:${k}], ',')`;

function ordersSql(brand: string, productCount: number, anchor: string, orderCount: number) {
  const processing = processingStatusOf(brand);
  const first = textArray(PEOPLE.FIRST);
  const last = textArray(PEOPLE.LAST);
  const shipmentOf = (history: string) => `case split_part(${history}, ',', greatest(1, array_length(string_to_array(${history}, ','), 1)))
      when 'ready_to_print' then 'ready_to_print' when 'printed' then 'printed' when 'ready_for_pickup' then 'ready_to_ship'
      when 'in_warehouse' then 'in_warehouse' when 'ready_to_pack' then 'ready_to_pack' when 'in_packing_list' then 'in_packing_list'
      when 'handling' then 'pending' when 'picked_up' then 'shipped' when 'shipped' then 'shipped' when 'in_hub' then 'shipped'
      when 'out_for_delivery' then 'out_for_delivery' when 'delivered' then 'delivered' when 'mediations' then 'delivered'
      when 'returned' then 'not_delivered' when 'lost' then 'not_delivered' when 'Sinenvío' then 'to_be_agreed'
      when 'cancelled' then 'cancelled' else null end`;
  const histories = (lt: string) => {
    const n = STATUS_PATHS[lt].length;
    return `case when b.age = 0 then ${pathSql(lt, `2 + b.stage_roll % 2`)}
      when b.age = 1 then ${pathSql(lt, `3 + b.stage_roll % ${Math.max(1, n - 4)}`)}
      when b.age <= 3 then ${pathSql(lt, `${n - 2} + b.stage_roll % 3`)}
      when b.outcome < 7 then ${pathSql(lt, `1 + b.stage_roll % 2`)} || ',' || (ARRAY['cancelled', 'cancelled', 'cancel_purchase', 'cancel_sale'])[1 + b.stage_roll % 4]
      when b.outcome < 10 then ${pathSql(lt, `${n}`)} || ',mediations'
      when b.outcome < 13 and b.age > 12 then ${pathSql(lt, `${n}`)} || ',returns,returning_to_sender,returned'
      when b.outcome < 15 then ${pathSql(lt, `${STATUS_PATHS[lt].indexOf("shipped") + 1}`)} || ',lost'
      else ${pathSql(lt, `${n}`)} end`;
  };
  return `
    with base as (
      select n,
        ${anchor} - make_interval(secs => (floor(power(${U("n", 1)}, 1.15) * ${BENCH.days}) * 86400 + ${M("n", 2, 86400)})::double precision) as order_date,
        floor(power(${U("n", 1)}, 1.15) * ${BENCH.days})::int as age,
        case when ${M("n", 3, 100)} < 80 then 'marketplace' when ${M("n", 3, 100)} < 93 then 'ecommerce' else 'cotizador' end as channel,
        1 + floor(${BENCH_PUBLICATIONS} * power(${U("n", 4)}, 2))::int as pm0,
        1 + ${M("n", 5, productCount)} as rn,
        (ARRAY[1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 4, 5, 10])[1 + ${M("n", 6, 14)}] as sales,
        ${M("n", 7, 100)} as outcome, ${M("n", 8, 1000)} as stage_roll, ${U("n", 9)} < 0.46 as assign_roll,
        ${M("n", 10, 30000)} as buyer, ${M("n", 11, 100)} as misc
      from generate_series(1, ${orderCount}) n
    ), items as (
      select b.*, case when b.pm0 % 20 = 0 then b.pm0 - 1 else b.pm0 end as pm,
        pub.id as pub_id, pub.title as pub_title, pub.price as pub_price, pub.category_commission as commission, pub.official_store,
        pub.logistic_type as pub_logistic,
        case when b.channel = 'marketplace' then pub.linked_products
             else jsonb_build_array(${linkedJson("bp", "1", "0")} || jsonb_build_object('price', round(bp.price * case when b.channel = 'ecommerce' then 1.10 else 1 end, 2))) end as linked,
        bp.sku as bp_sku, bp.name as bp_name, round(bp.price * case when b.channel = 'ecommerce' then 1.10 else 1 end * 1.16, 2) as shop_price
      from base b
      left join publications pub on b.channel = 'marketplace' and pub.id = 'MLM' || (${PUB_BASE} + case when b.pm0 % 20 = 0 then b.pm0 - 1 else b.pm0 end)
      join bench_products bp on bp.rn = b.rn
    ), typed as (
      select i.*,
        case when i.channel <> 'marketplace' then i.channel when i.misc < 5 then 'not_specified' else i.pub_logistic end as logistic_type,
        case when i.channel = 'marketplace' then i.pub_price else i.shop_price end as unit_price,
        case when i.channel = 'marketplace' then i.pub_title else i.bp_name end as item_title,
        case when i.channel = 'marketplace' then i.pub_id else i.bp_sku end as item_id
      from items i
    ), lifecycle as (
      select b.*,
        case
          when b.channel = 'cotizador' then ${lit(processing)}
          when b.logistic_type = 'not_specified' then 'paid,Sinenvío'
          when b.channel = 'ecommerce' then ${pathSql("ecommerce", "case when b.age = 0 then 1 + b.stage_roll % 2 when b.age <= 2 then 2 + b.stage_roll % 2 else 4 end")}
          when b.logistic_type = 'fulfillment' then ${histories("fulfillment")}
          when b.logistic_type = 'cross_docking' then ${histories("cross_docking")}
          when b.logistic_type = 'xd_drop_off' then ${histories("xd_drop_off")}
          else ${histories("drop_off")}
        end as history
      from typed b
    ), finished as (
      select l.*, l.history like '%,cancel%' as cancelled,
        (select round(sum(round((e->>'price')::numeric * (1 - (e->>'discount')::numeric / 100), 2) * (e->>'qty')::int * l.sales) * 1.16, 2)
           from jsonb_array_elements(l.linked) e) as balance,
        (select array_agg(distinct upper(e->>'sku')) from jsonb_array_elements(l.linked) e) as skus,
        row_number() over (order by l.order_date, l.n) as seq
      from lifecycle l
    ), numbered as (
      select f.*, f.assign_roll and f.age >= 1 and not f.cancelled as assigned,
        (10000 + row_number() over (partition by (f.assign_roll and f.age >= 1 and not f.cancelled), extract(year from f.order_date at time zone 'America/Mexico_City') order by f.order_date, f.n))::text as movement
      from finished f
    )
    insert into orders (id, title, store, order_date, created_at, updated_at, ready_date, logistic_type, status, order_status, active_status,
      claim_status, shipment_id, shipment_status, shipment_parcel, shipping_info, shipment_info, payment_info, intelisis_movement,
      package_manager, comments, printed_label, shipping_cost, shipping_cost_buyer, shipping_cost_total, total_amount, balance,
      entry_amount, document_amount, total_charges, order_items, products_order, products_id, publications_id, sale_detail,
      estimated_handling_limit, collection_day, buyer_id, buyer_nickname)
    select
      case when o.channel = 'marketplace' then 2000003000000000 + o.seq * 10007 + ${M("o.n", 12, 10000)} else 1000000000000000 + o.seq * 10007 + ${M("o.n", 13, 10000)} end,
      o.item_title,
      case when o.channel = 'marketplace' then nullif(o.official_store, '') end,
      o.order_date, o.order_date + interval '40 seconds', least(o.order_date + make_interval(hours => 1 + o.age * 3), ${anchor}),
      case when o.history like '%ready_to_print%' then o.order_date + make_interval(mins => 15 + o.misc) end,
      o.logistic_type, o.history,
      case when o.cancelled then 'cancelled' when o.channel = 'ecommerce' and o.age = 0 and o.misc < 20 then 'payment_in_process' else 'paid' end,
      case when o.cancelled then 'inactive' else 'active' end,
      case when o.history like '%mediations' or o.history like '%returned' then case when o.age < 25 then 'opened' else 'closed' end end,
      case when o.channel = 'marketplace' and o.logistic_type <> 'not_specified' then 40000000000 + o.n end,
      case when o.cancelled then 'cancelled' else ${shipmentOf("o.history")} end,
      jsonb_build_object('weight', round((0.3 + o.misc / 20.0)::numeric, 2), 'length', 20 + o.misc % 30, 'width', 10 + o.misc % 20, 'height', 5 + o.misc % 15),
      jsonb_build_object('firstName', (${first})[1 + o.buyer % ${PEOPLE.FIRST.length}], 'lastName', (${last})[1 + (o.buyer / 7) % ${PEOPLE.LAST.length}],
        'email', 'cliente' || o.buyer || '@correo.example', 'cellphone', '55' || lpad(((o.buyer * 7919) % 100000000)::text, 8, '0'),
        'address1', 'Calle ' || (ARRAY['Hidalgo', 'Juárez', 'Morelos', 'Allende', 'Reforma', 'Zaragoza'])[1 + o.buyer % 6] || ' ' || (1 + o.buyer % 2500),
        'colony', (ARRAY['Centro', 'Del Valle', 'Obispado', 'Providencia', 'La Paz', 'Jurica'])[1 + o.buyer % 6],
        'zipCode', lpad((1000 + o.buyer % 98000)::text, 5, '0'),
        'city', (ARRAY['Ciudad de México', 'Monterrey', 'Guadalajara', 'Puebla', 'Querétaro', 'Mérida'])[1 + (o.buyer / 3) % 6],
        'state', (ARRAY['Ciudad de México', 'Nuevo León', 'Jalisco', 'Puebla', 'Querétaro', 'Yucatán'])[1 + (o.buyer / 3) % 6],
        'sucursalId', null),
      jsonb_build_object('trackingNumber', case when o.history like '%shipped%' then 'MEL' || lpad(o.n::text, 10, '0') end, 'totalPricing', case when o.unit_price * o.sales >= 299 then 109 else 99 end),
      jsonb_build_object('paymentWay', (ARRAY['account_money', 'credit_card', 'debit_card', 'ticket'])[1 + o.misc % 4], 'paymentTotal', round(o.unit_price * o.sales, 2),
        'status', case when o.channel = 'ecommerce' and o.age = 0 and o.misc < 20 then 'pending' else 'approved' end),
      case when o.assigned then o.movement end,
      case when o.logistic_type <> 'fulfillment' and (o.history like '%printed%' or o.channel <> 'marketplace') and o.misc < 85
           then (${textArray(PACKAGE_MANAGERS)})[1 + o.misc % ${PACKAGE_MANAGERS.length}] end,
      case when o.misc >= 88 then 'Revisar existencia en almacén M' end,
      o.history like '%printed%',
      case when o.channel = 'marketplace' then case when o.unit_price * o.sales >= 299 then 109 else 0 end end,
      case when o.channel = 'marketplace' then case when o.unit_price * o.sales >= 299 then 0 else 99 end end,
      case when o.channel = 'marketplace' then case when o.unit_price * o.sales >= 299 then 109 else 99 end end,
      round(o.unit_price * o.sales, 2), o.balance,
      case when o.channel = 'marketplace' then round(o.unit_price * o.sales, 2) end,
      case when o.channel = 'marketplace' then round(o.unit_price * o.sales * (1 - coalesce(o.commission, 0.13)), 2) end,
      case when o.channel = 'marketplace' then round(o.unit_price * o.sales * coalesce(o.commission, 0.13), 2) end,
      jsonb_build_array(jsonb_build_object('id', o.item_id, 'title', o.item_title, 'price', o.unit_price, 'qty', o.sales, 'picture', null,
        'saleFee', round(o.unit_price * coalesce(o.commission, 0), 2), 'variationId', null, 'sellerSku', o.linked->0->>'sku')),
      jsonb_build_array(jsonb_build_object('idPublication', coalesce(o.pub_id, ''), 'title', o.item_title, 'sales', o.sales, 'linkedProducts', o.linked)),
      coalesce(o.skus, '{}'),
      case when o.pub_id is not null then ARRAY[o.pub_id] else '{}'::text[] end,
      case when o.channel = 'marketplace' then jsonb_build_object('title', o.item_title, 'saleFee', round(o.unit_price * o.sales * coalesce(o.commission, 0.13), 2)) end,
      case when o.channel = 'marketplace' and o.logistic_type not in ('fulfillment', 'not_specified')
           then ((date_trunc('day', o.order_date at time zone 'America/Mexico_City') + interval '1 day 23 hours 59 minutes') at time zone 'America/Mexico_City') end,
      case when o.logistic_type = 'cross_docking'
           then ((date_trunc('day', o.order_date at time zone 'America/Mexico_City') + interval '1 day 9 hours 30 minutes') at time zone 'America/Mexico_City') end,
      100000000 + o.buyer * 29989,
      case when o.channel = 'marketplace' then upper(translate((${first})[1 + o.buyer % ${PEOPLE.FIRST.length}] || (${last})[1 + (o.buyer / 7) % ${PEOPLE.LAST.length}], 'ÁÉÍÓÚáéíóúñÑ', 'AEIOUaeiounN')) || (o.buyer % 10000) end
    from numbered o
    order by o.seq`;
}

function questionsSql(brand: string, anchor: string) {
  const qs = textArray(QUESTION_TEXTS.map(([q]) => q));
  const as = textArray(QUESTION_TEXTS.map(([, a]) => `¡Hola! ${a} Saludos, equipo ${brand}.`));
  const first = textArray(PEOPLE.FIRST);
  const last = textArray(PEOPLE.LAST);
  const pending = 300;
  return `
    with base as (
      select n, n <= ${pending} as pending,
        case when n <= ${pending} then ${anchor} - make_interval(mins => 3 + ${M("n", 1, 60 * 24 * 3)})
             else ${anchor} - make_interval(secs => (floor(power(${U("n", 2)}, 1.15) * ${BENCH.days}) * 86400 + ${M("n", 3, 86400)})::double precision) end as created,
        1 + floor(${BENCH_PUBLICATIONS} * power(${U("n", 4)}, 2))::int as pm, ${M("n", 5, QUESTION_TEXTS.length)} as qi,
        ${M("n", 6, 30000)} as buyer, ${U("n", 7)} as delay_roll, ${M("n", 8, 100)} as misc
      from generate_series(1, ${BENCH_QUESTIONS}) n
    ), timed as (
      select b.*,
        case when b.pending then null
             when extract(isodow from b.created at time zone 'America/Mexico_City') >= 6 then b.created + make_interval(mins => (30 + b.delay_roll * b.delay_roll * 540)::int)
             when extract(hour from b.created at time zone 'America/Mexico_City') between 9 and 17 then b.created + make_interval(mins => (3 + power(b.delay_roll, 2.2) * case when b.delay_roll > 0.93 then 300 else 80 end)::int)
             when extract(hour from b.created at time zone 'America/Mexico_City') >= 18 then b.created + make_interval(mins => (15 + power(b.delay_roll, 1.6) * 260)::int)
             else ((date_trunc('day', b.created at time zone 'America/Mexico_City') + interval '9 hours') at time zone 'America/Mexico_City') + make_interval(mins => (b.delay_roll * 75)::int)
        end as answered_raw,
        row_number() over (order by b.created, b.n) as seq
      from base b
    )
    insert into questions (id, status, message, publication_id, answer, client_id, client_nickname, store, updated_by, date_created,
      answered_at, updated_at, evaluation, suggestion)
    select 11000000000 + t.seq * 13 + ${M("t.n", 9, 13)},
      case when t.pending then 'UNANSWERED' else 'ANSWERED' end,
      (${qs})[1 + t.qi], pub.id,
      case when t.pending then null else (${as})[1 + t.qi] end,
      100000000 + t.buyer * 29989,
      upper(translate((${first})[1 + t.buyer % ${PEOPLE.FIRST.length}] || (${last})[1 + (t.buyer / 7) % ${PEOPLE.LAST.length}], 'ÁÉÍÓÚáéíóúñÑ', 'AEIOUaeiounN')) || (t.buyer % 10000),
      nullif(pub.official_store, ''),
      case when t.pending then null else (select id from users where role = 'ml_manager' order by id limit 1) end,
      t.created,
      case when t.pending then null else greatest(t.created + interval '1 minute', least(t.answered_raw, ${anchor} - interval '1 minute')) end,
      case when t.pending then t.created else greatest(t.created + interval '1 minute', least(t.answered_raw, ${anchor} - interval '1 minute')) end,
      case when not t.pending and t.misc < 20 then (ARRAY[100, 100, 100, 50, 50, 25])[1 + t.misc % 6] end,
      case when t.misc < 20 then (${as})[1 + t.qi] end
    from timed t join publications pub on pub.id = 'MLM' || (${PUB_BASE} + t.pm)
    order by t.seq`;
}

/** Per-conversation shape from its id: message count, flow and the gap between messages (minutes). */
const convCount = (id: string) =>
  `(${BENCH.messagesPerConversation[0]} + ${M(id, 21, BENCH.messagesPerConversation[1] - BENCH.messagesPerConversation[0] + 1)})`;
/** Flow per conversation: the three invoice flows (0–2) about 15 % of the time. */
const convFlow = (id: string) => `(ARRAY[0, 1, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6, 3, 4, 5, 6, 4])[1 + ${M(id, 22, 20)}]`;
const convGap = (id: string, orderDate: string, anchor: string) =>
  `least(20 + ${M(id, 23, 900)}, floor(extract(epoch from (${anchor} - ${orderDate})) / 60 / (${convCount(id)} + 1))::int)`;
const flowTexts = () => `ARRAY[${FLOWS.map((f) => `ARRAY[${f.map(([, t]) => lit(t)).join(", ")}]`).join(", ")}]::text[]`;
const flowSellers = () => `ARRAY[${FLOWS.map((f) => `ARRAY[${f.map(([s]) => (s ? "true" : "false")).join(", ")}]`).join(", ")}]::boolean[]`;

function conversationsSql(anchor: string) {
  return `
    with chosen as (
      select o.*, 1000 + row_number() over (order by o.id) as cid
      from orders o
      where o.id >= 2000003000000000 and o.id < 2000004100000000 and o.logistic_type <> 'not_specified' and ${M("o.id % 1000000007", 20, 100)} < 72
      order by o.id
      limit ${BENCH.conversations}
    )
    insert into conversations (id, order_id, pack_id, order_date, order_status, order_info, store, client_id, client_info, seller_id, status,
      last_message_date, last_message_from_seller, asks_invoice, date_created)
    select c.cid, c.id, c.related_order_id, c.order_date, c.order_status,
      jsonb_build_object('items', jsonb_build_array(jsonb_build_object('id', c.order_items->0->>'id', 'title', c.order_items->0->>'title', 'image', null, 'sold', (c.order_items->0->>'qty')::int))),
      c.store, c.buyer_id,
      jsonb_build_object('nickname', c.buyer_nickname, 'firstName', c.shipping_info->>'firstName', 'lastName', c.shipping_info->>'lastName'),
      case when c.store is not null then ${SELLER_ID_BRAND} else ${SELLER_ID_MAIN} end,
      case when c.order_status = 'cancelled' then 'blocked' when ${M("c.cid", 24, 100)} < 8 then 'closed' else 'active' end,
      least(c.order_date + make_interval(mins => ${convGap("c.cid", "c.order_date", anchor)} * ${convCount("c.cid")}, secs => ${convCount("c.cid")} - 1), ${anchor}),
      (${flowSellers()})[${convFlow("c.cid")} + 1][${convCount("c.cid")}],
      ${convFlow("c.cid")} < 3,
      least(c.order_date + make_interval(mins => ${convGap("c.cid", "c.order_date", anchor)}), ${anchor})
    from chosen c
    order by c.cid`;
}

function messagesSql(anchor: string) {
  return `
    insert into messages (conversation_id, text, from_user_id, from_seller, message_date, attachments)
    select c.id, (${flowTexts()})[${convFlow("c.id")} + 1][k + 1],
      case when (${flowSellers()})[${convFlow("c.id")} + 1][k + 1] then c.seller_id else c.client_id end,
      (${flowSellers()})[${convFlow("c.id")} + 1][k + 1],
      least(c.order_date + make_interval(mins => ${convGap("c.id", "c.order_date", anchor)} * (k + 1), secs => k), ${anchor}),
      case when k = 2 and ${convFlow("c.id")} < 3
           then jsonb_build_array(jsonb_build_object('filename', c.order_id || '_' || c.id || '_constancia.pdf', 'originalFilename', 'constancia_situacion_fiscal.pdf', 'size', 184220))
           else '[]'::jsonb end
    from conversations c
    cross join lateral generate_series(0, ${convCount("c.id")} - 1) k
    where c.id >= 1000
    order by c.id, k`;
}
