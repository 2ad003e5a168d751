/**
 * The simulated marketplace's category tree: the electrical-supplies corner of Mercado Libre México,
 * with fee rates (Clásica = gold_special, Premium = gold_pro) and attributes tagged the way the
 * marketplace tags them (required, catalog_required, allow_variations). Identifiers follow the
 * marketplace's MLM… style; they are the simulator's own.
 */
import type { SimCategoryAttribute } from "../../db/schema/sim";
import { foldAccents } from "../fold-accents";

export type CategorySeed = {
  id: string;
  name: string;
  parentId: string | null;
  leaf: boolean;
  goldSpecial?: number;
  goldPro?: number;
  attributes?: SimCategoryAttribute[];
  /** Normalised words (lower case, no accents) the category predictor looks for in a title. */
  keywords?: string[];
};

const values = (...names: string[]) => names.map((name, i) => ({ id: String(1000 + i), name }));

const req = (id: string, name: string, value_type = "string", extra: Partial<SimCategoryAttribute> = {}): SimCategoryAttribute => ({
  id,
  name,
  tags: { required: true },
  value_type,
  ...extra,
});
const opt = (id: string, name: string, value_type = "string", extra: Partial<SimCategoryAttribute> = {}): SimCategoryAttribute => ({
  id,
  name,
  tags: {},
  value_type,
  ...extra,
});
const variation = (id: string, name: string, options: string[]): SimCategoryAttribute => ({
  id,
  name,
  tags: { allow_variations: true },
  value_type: "list",
  values: values(...options),
});

/** Every leaf asks for these, as the marketplace does. */
const COMMON: SimCategoryAttribute[] = [
  req("BRAND", "Marca"),
  req("MODEL", "Modelo"),
  { id: "GTIN", name: "Código universal de producto", tags: { catalog_required: true }, value_type: "string" },
  opt("SELLER_SKU", "SKU"),
  req("ITEM_CONDITION", "Condición del ítem", "list", { values: values("Nuevo", "Usado", "Reacondicionado") }),
];

const volts = opt("VOLTAGE", "Voltaje", "number_unit", { allowed_units: ["V"] });
const amps = (required: boolean) => (required ? req : opt)("CURRENT", "Corriente", "number_unit", { allowed_units: ["A"] });
const watts = req("POWER", "Potencia", "number_unit", { allowed_units: ["W"] });
const lightColor = variation("LIGHT_COLOR", "Color de la luz", ["Blanco frío", "Blanco neutro", "Blanco cálido", "RGB"]);
const ip = opt("IP_RATING", "Grado de protección IP", "list", { values: values("IP20", "IP44", "IP65", "IP66", "IP67") });

export const CATEGORY_SEED: CategorySeed[] = [
  { id: "MLM1500", name: "Construcción", parentId: null, leaf: false },
  { id: "MLM187772", name: "Material Eléctrico", parentId: "MLM1500", leaf: false },
  {
    id: "MLM187773",
    name: "Cables Eléctricos",
    parentId: "MLM187772",
    leaf: true,
    goldSpecial: 0.135,
    goldPro: 0.18,
    keywords: ["cable", "thw", "thhw", "calibre", "awg", "alambre", "uso rudo", "cordon", "duplex", "bobina"],
    attributes: [
      ...COMMON,
      req("CABLE_GAUGE", "Calibre", "list", { values: values("18 AWG", "16 AWG", "14 AWG", "12 AWG", "10 AWG", "8 AWG", "6 AWG") }),
      opt("CONDUCTOR_MATERIAL", "Material del conductor", "list", { values: values("Cobre", "Aluminio") }),
      req("CABLE_LENGTH", "Largo", "number_unit", { allowed_units: ["m"] }),
      volts,
      variation("COLOR", "Color", ["Negro", "Blanco", "Rojo", "Verde", "Azul", "Amarillo"]),
    ],
  },
  {
    id: "MLM187774",
    name: "Interruptores",
    parentId: "MLM187772",
    leaf: true,
    goldSpecial: 0.14,
    goldPro: 0.185,
    keywords: ["apagador", "interruptor sencillo", "interruptor de escalera", "switch", "dimmer", "atenuador", "placa"],
    attributes: [
      ...COMMON,
      req("SWITCH_TYPE", "Tipo de interruptor", "list", { values: values("Sencillo", "Escalera", "Doble", "Atenuador") }),
      amps(false),
      volts,
      variation("COLOR", "Color", ["Blanco", "Marfil", "Gris", "Negro"]),
    ],
  },
  {
    id: "MLM187775",
    name: "Contactos y Enchufes",
    parentId: "MLM187772",
    leaf: true,
    goldSpecial: 0.14,
    goldPro: 0.185,
    keywords: ["contacto", "enchufe", "clavija", "tomacorriente", "receptaculo", "gfci", "multicontacto"],
    attributes: [
      ...COMMON,
      req("OUTLET_TYPE", "Tipo de contacto", "list", { values: values("Dúplex", "Polarizado", "GFCI", "Con USB") }),
      amps(false),
      volts,
      variation("COLOR", "Color", ["Blanco", "Marfil", "Gris", "Negro"]),
    ],
  },
  {
    id: "MLM187776",
    name: "Centros de carga",
    parentId: "MLM187772",
    leaf: true,
    goldSpecial: 0.13,
    goldPro: 0.175,
    keywords: ["centro de carga", "tablero", "qo", "homeline", "gabinete electrico", "circuitos"],
    attributes: [
      ...COMMON,
      req("NUMBER_OF_CIRCUITS", "Número de circuitos", "number"),
      req("NUMBER_OF_PHASES", "Fases", "list", { values: values("Monofásico", "Bifásico", "Trifásico") }),
      opt("MOUNTING_TYPE", "Tipo de montaje", "list", { values: values("Empotrar", "Sobreponer") }),
      amps(false),
    ],
  },
  {
    id: "MLM187777",
    name: "Interruptores Termomagnéticos",
    parentId: "MLM187772",
    leaf: true,
    goldSpecial: 0.13,
    goldPro: 0.175,
    keywords: ["pastilla", "termomagnetico", "breaker", "interruptor termomagnetico", "diferencial", "polos"],
    attributes: [
      ...COMMON,
      req("NUMBER_OF_POLES", "Número de polos", "list", { values: values("1", "2", "3") }),
      amps(true),
      opt("BREAKER_TYPE", "Tipo de montaje", "list", { values: values("Enchufable", "Atornillable", "Riel DIN") }),
      opt("INTERRUPTING_CAPACITY", "Capacidad interruptiva", "number_unit", { allowed_units: ["kA"] }),
    ],
  },
  {
    id: "MLM187778",
    name: "Tubería y Canalización",
    parentId: "MLM187772",
    leaf: true,
    goldSpecial: 0.145,
    goldPro: 0.19,
    keywords: ["tubo", "conduit", "canaleta", "poliducto", "charola", "registro", "condulet"],
    attributes: [
      ...COMMON,
      req("MATERIAL", "Material", "list", { values: values("PVC", "Acero galvanizado", "Polietileno", "Aluminio") }),
      req("DIAMETER", "Diámetro", "number_unit", { allowed_units: ["mm", '"'] }),
      opt("LENGTH", "Largo", "number_unit", { allowed_units: ["m"] }),
    ],
  },
  {
    id: "MLM187779",
    name: "Contactores y Control",
    parentId: "MLM187772",
    leaf: true,
    goldSpecial: 0.13,
    goldPro: 0.175,
    keywords: ["contactor", "relevador", "guardamotor", "boton pulsador", "piloto luminoso", "arrancador", "paro de emergencia"],
    attributes: [
      ...COMMON,
      req("COIL_VOLTAGE", "Voltaje de bobina", "number_unit", { allowed_units: ["V"] }),
      amps(true),
      opt("NUMBER_OF_POLES", "Número de polos", "list", { values: values("1", "2", "3", "4") }),
    ],
  },
  {
    id: "MLM187780",
    name: "Medición y Prueba",
    parentId: "MLM187772",
    leaf: true,
    goldSpecial: 0.15,
    goldPro: 0.195,
    keywords: ["multimetro", "detector de voltaje", "probador", "amperimetro", "pinza", "medidor"],
    attributes: [...COMMON, opt("MAX_VOLTAGE", "Voltaje máximo", "number_unit", { allowed_units: ["V"] })],
  },
  {
    id: "MLM187789",
    name: "Otros Materiales Eléctricos",
    parentId: "MLM187772",
    leaf: true,
    goldSpecial: 0.15,
    goldPro: 0.195,
    keywords: [],
    attributes: [...COMMON],
  },
  { id: "MLM1574", name: "Hogar, Muebles y Jardín", parentId: null, leaf: false },
  { id: "MLM1582", name: "Iluminación", parentId: "MLM1574", leaf: false },
  {
    id: "MLM412348",
    name: "Focos LED",
    parentId: "MLM1582",
    leaf: true,
    goldSpecial: 0.155,
    goldPro: 0.195,
    keywords: ["foco", "bulbo", "a19", "a60", "mr16", "gu10", "e27", "e26", "par30", "par38", "vela led"],
    attributes: [
      ...COMMON,
      watts,
      req("LAMP_BASE", "Tipo de base", "list", { values: values("E26", "E27", "GU10", "MR16", "GU5.3", "E14") }),
      lightColor,
      opt("LUMINOUS_FLUX", "Flujo luminoso", "number_unit", { allowed_units: ["lm"] }),
      volts,
      req("UNITS_PER_PACK", "Unidades por pack", "number"),
    ],
  },
  {
    id: "MLM412351",
    name: "Luminarias",
    parentId: "MLM1582",
    leaf: true,
    goldSpecial: 0.15,
    goldPro: 0.19,
    keywords: ["luminaria", "panel led", "plafon", "campana", "downlight", "empotrable", "gabinete led", "lampara", "arbotante"],
    attributes: [
      ...COMMON,
      req("LUMINAIRE_TYPE", "Tipo de luminaria", "list", {
        values: values("Panel", "Plafón", "Downlight", "Campana", "Gabinete", "Arbotante"),
      }),
      watts,
      lightColor,
      opt("MOUNTING", "Tipo de montaje", "list", { values: values("Empotrar", "Sobreponer", "Suspender") }),
      ip,
    ],
  },
  {
    id: "MLM412354",
    name: "Reflectores",
    parentId: "MLM1582",
    leaf: true,
    goldSpecial: 0.15,
    goldPro: 0.19,
    keywords: ["reflector", "proyector"],
    attributes: [...COMMON, watts, lightColor, ip],
  },
  {
    id: "MLM412357",
    name: "Tiras LED",
    parentId: "MLM1582",
    leaf: true,
    goldSpecial: 0.155,
    goldPro: 0.195,
    keywords: ["tira led", "manguera led", "cinta led"],
    attributes: [...COMMON, req("LENGTH", "Largo", "number_unit", { allowed_units: ["m"] }), lightColor, volts],
  },
];

/** The predictor's answer when no keyword matches: the generic electrical leaf. */
export const FALLBACK_CATEGORY_ID = "MLM187789";

export function pathFromRoot(id: string): Array<{ id: string; name: string }> {
  const byId = new Map(CATEGORY_SEED.map((c) => [c.id, c]));
  const path: Array<{ id: string; name: string }> = [];
  for (let c = byId.get(id); c; c = c.parentId ? byId.get(c.parentId) : undefined) path.unshift({ id: c.id, name: c.name });
  return path;
}

/** Lower case, accents and punctuation removed: how titles and keywords are compared. */
export function normalizeText(text: string): string {
  return foldAccents(text)
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The category tree as one INSERT (static data, inlined as a dollar-quoted JSON literal). */
export function categoriesInsertSql(): string {
  const rows = CATEGORY_SEED.map((c) => ({
    id: c.id,
    name: c.name,
    parent_id: c.parentId,
    path_from_root: pathFromRoot(c.id),
    leaf: c.leaf,
    gold_special: c.goldSpecial ?? null,
    gold_pro: c.goldPro ?? null,
    attributes: c.attributes ?? [],
    keywords: c.keywords ?? [],
  }));
  return `insert into sim.mkt_categories (id, name, parent_id, path_from_root, leaf, gold_special, gold_pro, attributes, keywords)
    select id, name, parent_id, path_from_root, leaf, gold_special, gold_pro, attributes, array(select jsonb_array_elements_text(keywords))
      from jsonb_to_recordset($categories$${JSON.stringify(rows)}$categories$::jsonb)
        as c(id text, name text, parent_id text, path_from_root jsonb, leaf boolean, gold_special numeric, gold_pro numeric,
             attributes jsonb, keywords jsonb)
    on conflict (id) do nothing`;
}
