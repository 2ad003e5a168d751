import type { DateTime } from "luxon";
import { quotationLines, quotations, settings } from "../../schema";
import type { Catalog } from "./catalog";
import { VAT } from "./constants";
import { insertChunks, type SeedContext } from "./context";
import { rngFor, round2 } from "./random";
import { js } from "./time";

export const QUOTATION_COUNT = 20;

export const COMPANY_CONTACT = {
  address: "Av. Insurgentes Sur 1234, Col. Del Valle, Benito Juárez, CDMX, C.P. 03100",
  phone: "55-1234-5678",
  email: "ventas@electrica.example",
  web: "www.electrica.example",
};

/** ERP clients (invented businesses); V is the counter-sale client. */
export const ERP_CLIENTS: Array<{
  key: string;
  name: string;
  priceList: "(Precio 2)" | "(Precio 3)";
  email: string | null;
  phone: string | null;
}> = [
  { key: "V", name: "VENTA MOSTRADOR", priceList: "(Precio 2)", email: null, phone: null },
  {
    key: "C00012",
    name: "Constructora Valle Alto SA de CV",
    priceList: "(Precio 3)",
    email: "compras@vallealto.example",
    phone: "5550102030",
  },
  {
    key: "C00045",
    name: "Instalaciones Eléctricas del Bajío",
    priceList: "(Precio 3)",
    email: "cotizaciones@iebajio.example",
    phone: "4770203040",
  },
  {
    key: "C00078",
    name: "Hotel Mirador del Puerto",
    priceList: "(Precio 2)",
    email: "mantenimiento@miradorpuerto.example",
    phone: "2290304050",
  },
  { key: "C00103", name: "Ferretería La Esperanza", priceList: "(Precio 3)", email: "pedidos@ferreesperanza.example", phone: "3330405060" },
  {
    key: "C00137",
    name: "Mantenimiento Industrial Regio SA de CV",
    priceList: "(Precio 3)",
    email: "almacen@mireg.example",
    phone: "8180506070",
  },
  {
    key: "C00154",
    name: "Taller Eléctrico Hermanos Soto",
    priceList: "(Precio 2)",
    email: "tallersoto@correo.example",
    phone: "4420607080",
  },
  {
    key: "C00188",
    name: "Desarrollos Habitacionales Tres Ríos",
    priceList: "(Precio 3)",
    email: "obra@tresrios.example",
    phone: "6670708090",
  },
];

const CUSTOM_LINES: Array<[string, number]> = [
  ["Flete a obra (zona metropolitana)", 450],
  ["Mano de obra: instalación de centro de carga", 1200],
  ["Corte y etiquetado de cable a medida", 180],
];

const NOTES = [
  "Precios sujetos a cambio sin previo aviso y a disponibilidad.",
  "Entrega en obra de 2 a 3 días hábiles después de confirmar el pedido.",
  "Incluye descuento por volumen acordado con el cliente.",
  null,
];

export async function seedQuotations(ctx: SeedContext, catalog: Catalog) {
  const { tx, clock, users } = ctx;
  const authors = [users.admin, users.developer, users.admin];
  const sellable = catalog.products.filter((p) => p.isActive && !p.isCombo);
  const plans = Array.from({ length: QUOTATION_COUNT }, (_, i) => {
    const r = rngFor("quotation", i);
    const date = clock.at(i < 2 ? 0 : Math.floor(r.next() * 60) + 1, r.int(9, 17), r.int(0, 59));
    return { i, r, date };
  }).sort((a, b) => a.date.toMillis() - b.date.toMillis() || a.i - b.i);

  const perDay = new Map<string, number>();
  const rows: Array<typeof quotations.$inferInsert> = [];
  const lines: Array<typeof quotationLines.$inferInsert> = [];
  plans.forEach(({ r, date }, k) => {
    const id = k + 1;
    const day = (date as DateTime).toFormat("yyLLdd");
    const seq = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, seq);
    const client = r.pick(ERP_CLIENTS);
    const author = r.pick(authors);
    const agent = [...users.byEmail.values()].find((u) => u.id === author)?.intelisisAgent ?? null;
    const mercadolibre = r.chance(0.15);
    const globalDiscount = client.priceList === "(Precio 3)" && r.chance(0.4) ? r.pick([2, 3, 5, 6]) : 0;
    let gross = 0;
    const products = r.sample(sellable, r.int(2, 8));
    products.forEach((p, position) => {
      const listPrice = client.priceList === "(Precio 3)" ? p.precio3Mxn : p.priceMxn;
      const qty = r.pick([1, 2, 3, 5, 10, 12, 20, 50]);
      const discount = r.chance(0.2) ? r.pick([2, 5, 10]) : 0;
      gross += listPrice * qty * (1 - discount / 100);
      lines.push({
        quotationId: id,
        position,
        sku: p.sku,
        type: "product",
        description: p.name,
        note: null,
        price: listPrice,
        originalPrice: p.priceMxn,
        qty,
        discount,
      });
    });
    if (r.chance(0.25)) {
      const [description, price] = r.pick(CUSTOM_LINES);
      gross += price;
      lines.push({
        quotationId: id,
        position: products.length,
        sku: null,
        type: "custom",
        description,
        note: "Partida libre",
        price,
        originalPrice: null,
        qty: 1,
        discount: 0,
      });
    }
    const subtotal = round2(gross * (1 - globalDiscount / 100));
    const iva = round2(subtotal * VAT);
    const intelisis = r.chance(0.3);
    rows.push({
      id,
      folio: `${day}-${String(seq).padStart(2, "0")}`,
      baseFolio: `${day}-${String(seq).padStart(2, "0")}`,
      status: intelisis ? "enviada" : "borrador",
      issuedAt: intelisis ? js(date) : null,
      erpState: intelisis ? "sent" : null,
      clientKey: client.key,
      clientName: client.name,
      clientEmail: client.email,
      clientPhone: client.phone,
      priceList: client.priceList,
      agent,
      department: "VENTAS",
      warehouse: r.pick(["M", "O4", "1ML"]),
      reference: r.chance(0.4) ? `Obra ${r.pick(["Torre A", "Fraccionamiento Las Lomas", "Bodega 3", "Local 12"])}` : null,
      globalDiscount,
      notes: r.pick(NOTES),
      orderType: mercadolibre ? "mercadolibre" : "normal",
      listingType: mercadolibre ? r.pick(["gold_special", "gold_pro"]) : null,
      intelisis,
      intelisisId: intelisis ? `COT${r.int(10_000, 99_999)}` : null,
      subtotal,
      iva,
      total: round2(subtotal + iva),
      createdBy: author,
      createdAt: js(date),
      updatedAt: js(date),
    });
  });
  await insertChunks(tx, quotations, rows);
  // The company block printed on every quotation.
  await tx.insert(settings).values({ key: "company_contact", value: COMPANY_CONTACT }).onConflictDoNothing();
  await insertChunks(tx, quotationLines, lines);
  return rows.length;
}
