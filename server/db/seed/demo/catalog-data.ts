/**
 * The catalogue of the demo: brands, categories, sectors, applications and about 300 products of an
 * electrical-supplies seller. Product families are generated from their real-world naming patterns
 * (QO120, HOM2L, THW12AZ100…); prices are ERP list prices before VAT.
 */

export type BrandSeed = { id: number; name: string; parent?: number; featured?: boolean };

export const BRANDS: BrandSeed[] = [
  { id: 1, name: "Schneider Electric", featured: true },
  { id: 2, name: "Square D", parent: 1, featured: true },
  { id: 3, name: "SE Residencial", parent: 1, featured: true },
  { id: 4, name: "Signify" },
  { id: 5, name: "Philips", parent: 4, featured: true },
  { id: 6, name: "Tecnolite", featured: true },
  { id: 7, name: "Condumex", featured: true },
  { id: 8, name: "Prysmian" },
  { id: 9, name: "Viakon", parent: 8 },
  { id: 10, name: "Legrand" },
  { id: 11, name: "Bticino", parent: 10, featured: true },
  { id: 12, name: "Leviton" },
  { id: 13, name: "Siemens" },
  { id: 14, name: "Eaton" },
  { id: 15, name: "Cutler-Hammer", parent: 14 },
  { id: 16, name: "Iusa" },
  { id: 17, name: "Truper" },
  { id: 18, name: "Volteck", parent: 17 },
  { id: 19, name: "Pretul", parent: 17 },
  { id: 20, name: "3M" },
  { id: 21, name: "Klein Tools" },
  { id: 22, name: "Ledvance" },
  { id: 23, name: "Dexson" },
  { id: 24, name: "Duralón" },
  { id: 25, name: "Canalmex" },
];

export const CATEGORY_TREE: Array<[string, string[]]> = [
  ["Cables y conductores", ["Cable THW", "Cable THHW-LS", "Cable uso rudo", "Cable dúplex", "Cable desnudo"]],
  [
    "Protección eléctrica",
    ["Interruptores termomagnéticos", "Interruptores GFCI", "Interruptores de seguridad", "Guardamotores", "Supresores de picos"],
  ],
  ["Centros de carga", ["Centros de carga QO", "Centros de carga Homeline", "Tableros"]],
  ["Iluminación", ["Focos LED", "Luminarias", "Reflectores", "Tiras LED", "Tubos LED"]],
  ["Apagadores y contactos", ["Apagadores", "Contactos", "Placas", "Atenuadores y sensores"]],
  ["Tubería y canalización", ["Tubo conduit", "Tubería PVC", "Cajas y registros", "Canaletas", "Coples y conectores"]],
  ["Control industrial", ["Contactores", "Relevadores térmicos", "Botones y pilotos"]],
  ["Herramientas", ["Pinzas", "Desarmadores", "Medición y prueba", "Cintas aislantes", "Extensiones y multicontactos"]],
  ["Accesorios", ["Cinchos", "Conectores y terminales"]],
  ["Kits", []],
];

export const SECTORS = ["Residencial", "Comercial", "Industrial", "Infraestructura", "Agroindustrial", "Hotelería"];
export const APPLICATIONS = [
  "Instalación residencial",
  "Distribución eléctrica",
  "Protección de circuitos",
  "Iluminación interior",
  "Iluminación exterior",
  "Control de motores",
  "Canalización",
  "Mantenimiento",
];

export type ProductSeed = {
  sku: string;
  manufacturerSku: string;
  name: string;
  descripcion1: string;
  brand: string;
  category: string;
  sector: string;
  application: string;
  /** precio2 in the product's currency, before VAT. */
  price: number;
  currency: "Pesos" | "Dolares";
  claveSat: string;
  weight: number;
  dims: [number, number, number];
  properties: Array<[string, string, boolean?]>;
  /** Typical stock level, used to size warehouse quantities. */
  stockScale: number;
  combo?: Array<[string, number]>;
};

const P = (p: Omit<ProductSeed, "currency" | "stockScale"> & Partial<Pick<ProductSeed, "currency" | "stockScale">>): ProductSeed => ({
  currency: "Pesos",
  stockScale: 40,
  ...p,
});

function breakers(): ProductSeed[] {
  const out: ProductSeed[] = [];
  const qoPrice: Record<number, number> = { 1: 168, 2: 520, 3: 1490 };
  const qo: Array<[number, number[]]> = [
    [1, [10, 15, 20, 30, 40, 50]],
    [2, [15, 20, 30, 40, 50, 60, 70]],
    [3, [20, 30, 40, 50, 60, 70]],
  ];
  for (const [poles, amps] of qo) {
    for (const a of amps) {
      out.push(
        P({
          sku: `QO${poles}${a}`,
          manufacturerSku: `QO${poles}${a}`,
          name: `Interruptor termomagnético QO ${poles} polo${poles > 1 ? "s" : ""} ${a} A enchufable`,
          descripcion1: `INT TERMOMAG QO ${poles}P ${a}A`,
          brand: "Square D",
          category: "Interruptores termomagnéticos",
          sector: "Residencial",
          application: "Protección de circuitos",
          price: Math.round(qoPrice[poles] * (1 + (a - 15) / 120)),
          claveSat: "39121601",
          weight: 0.12 * poles,
          dims: [7.6, 1.9 * poles, 7.1],
          properties: [
            ["Polos", String(poles), true],
            ["Corriente nominal", `${a} A`, true],
            ["Tensión", poles === 1 ? "120/240 V" : "240 V"],
            ["Montaje", "Enchufable"],
            ["Capacidad interruptiva", "10 kA"],
          ],
          stockScale: poles === 1 ? 120 : 50,
        }),
      );
    }
  }
  for (const [poles, a] of [
    [1, 15],
    [1, 20],
    [2, 20],
  ] as const) {
    out.push(
      P({
        sku: `QO${poles}${a}GFI`,
        manufacturerSku: `QO${poles}${a}GFI`,
        name: `Interruptor con falla a tierra QO ${poles} polo${poles > 1 ? "s" : ""} ${a} A`,
        descripcion1: `INT GFI QO ${poles}P ${a}A`,
        brand: "Square D",
        category: "Interruptores GFCI",
        sector: "Residencial",
        application: "Protección de circuitos",
        price: poles === 1 ? 1380 : 2650,
        claveSat: "39121601",
        weight: 0.25,
        dims: [9.5, 1.9 * poles, 7.1],
        properties: [
          ["Polos", String(poles), true],
          ["Corriente nominal", `${a} A`, true],
          ["Protección", "Falla a tierra 5 mA"],
        ],
        stockScale: 12,
      }),
    );
  }
  for (const [poles, a] of [
    [1, 15],
    [1, 20],
    [1, 30],
    [1, 40],
    [2, 15],
    [2, 20],
    [2, 30],
    [2, 40],
    [2, 50],
  ] as const) {
    out.push(
      P({
        sku: `HOM${poles}${a}`,
        manufacturerSku: `HOM${poles}${a}`,
        name: `Interruptor termomagnético Homeline ${poles} polo${poles > 1 ? "s" : ""} ${a} A`,
        descripcion1: `INT TERMOMAG HOM ${poles}P ${a}A`,
        brand: "SE Residencial",
        category: "Interruptores termomagnéticos",
        sector: "Residencial",
        application: "Protección de circuitos",
        price: poles === 1 ? 118 + a : 360 + a * 3,
        claveSat: "39121601",
        weight: 0.11 * poles,
        dims: [7.4, 1.9 * poles, 6.8],
        properties: [
          ["Polos", String(poles), true],
          ["Corriente nominal", `${a} A`, true],
          ["Montaje", "Enchufable"],
        ],
        stockScale: 90,
      }),
    );
  }
  for (const [poles, a] of [
    [1, 15],
    [1, 20],
    [1, 30],
    [2, 20],
    [2, 30],
    [2, 40],
    [2, 50],
  ] as const) {
    out.push(
      P({
        sku: `BR${poles}${a}`,
        manufacturerSku: `BR${poles}${a}`,
        name: `Interruptor termomagnético BR ${poles} polo${poles > 1 ? "s" : ""} ${a} A`,
        descripcion1: `INT TERMOMAG BR ${poles}P ${a}A`,
        brand: "Cutler-Hammer",
        category: "Interruptores termomagnéticos",
        sector: "Comercial",
        application: "Protección de circuitos",
        price: poles === 1 ? 145 + a : 430 + a * 4,
        claveSat: "39121601",
        weight: 0.12 * poles,
        dims: [7.6, 2.5 * poles, 7.6],
        properties: [
          ["Polos", String(poles), true],
          ["Corriente nominal", `${a} A`, true],
        ],
        stockScale: 30,
      }),
    );
  }
  for (const [poles, a] of [
    [1, 15],
    [1, 20],
    [1, 30],
    [2, 20],
    [2, 30],
    [2, 50],
  ] as const) {
    out.push(
      P({
        sku: `Q${poles}${a}`,
        manufacturerSku: `Q${poles}${a}`,
        name: `Interruptor termomagnético Siemens QP ${poles} polo${poles > 1 ? "s" : ""} ${a} A`,
        descripcion1: `INT TERMOMAG SIEMENS ${poles}P ${a}A`,
        brand: "Siemens",
        category: "Interruptores termomagnéticos",
        sector: "Comercial",
        application: "Protección de circuitos",
        price: poles === 1 ? 155 + a : 470 + a * 4,
        claveSat: "39121601",
        weight: 0.12 * poles,
        dims: [7.6, 2.5 * poles, 7.6],
        properties: [
          ["Polos", String(poles), true],
          ["Corriente nominal", `${a} A`, true],
        ],
        stockScale: 25,
      }),
    );
  }
  for (const [sku, a, fuses, price] of [
    ["D211N", 30, false, 1850],
    ["D221N", 30, true, 2390],
    ["D222N", 60, true, 3650],
    ["D223N", 100, true, 6890],
    ["D224N", 200, true, 13950],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name: `Interruptor de seguridad ${a} A 240 V ${fuses ? "con" : "sin"} fusibles NEMA 1`,
        descripcion1: `INT SEG ${a}A 240V ${fuses ? "C/FUS" : "S/FUS"}`,
        brand: "Square D",
        category: "Interruptores de seguridad",
        sector: "Industrial",
        application: "Distribución eléctrica",
        price,
        claveSat: "39121601",
        weight: 2.8 + a / 40,
        dims: [30, 18, 12],
        properties: [
          ["Corriente nominal", `${a} A`, true],
          ["Fusibles", fuses ? "Sí" : "No"],
          ["Gabinete", "NEMA 1"],
        ],
        stockScale: 6,
      }),
    );
  }
  for (const [sku, range, price] of [
    ["GV2ME08", "2.5-4 A", 61.5],
    ["GV2ME10", "4-6.3 A", 63.9],
    ["GV2ME14", "6-10 A", 66.2],
    ["GV2ME16", "9-14 A", 71.8],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name: `Guardamotor TeSys GV2ME rango ${range}`,
        descripcion1: `GUARDAMOTOR GV2ME ${range}`,
        brand: "Schneider Electric",
        category: "Guardamotores",
        sector: "Industrial",
        application: "Control de motores",
        price,
        currency: "Dolares",
        claveSat: "39121601",
        weight: 0.26,
        dims: [8.9, 4.5, 9.7],
        properties: [
          ["Rango de ajuste", range, true],
          ["Montaje", "Riel DIN"],
        ],
        stockScale: 8,
      }),
    );
  }
  return out;
}

function loadCenters(): ProductSeed[] {
  const out: ProductSeed[] = [];
  for (const [sku, slots, amps, price, flush] of [
    ["QO2", 2, 70, 395, false],
    ["QO4", 4, 70, 620, false],
    ["QO8L100S", 8, 100, 1490, false],
    ["QO12L125F", 12, 125, 2890, true],
    ["QO16L125F", 16, 125, 3580, true],
    ["QO24L200F", 24, 200, 6490, true],
    ["QO30L200F", 30, 200, 8150, true],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name: `Centro de carga QO ${slots} circuitos ${amps} A ${flush ? "empotrar" : "sobreponer"}`,
        descripcion1: `CENTRO CARGA QO ${slots}C ${amps}A`,
        brand: "Square D",
        category: "Centros de carga QO",
        sector: slots > 12 ? "Comercial" : "Residencial",
        application: "Distribución eléctrica",
        price,
        claveSat: "39121610",
        weight: 0.6 + slots * 0.18,
        dims: [15 + slots * 1.6, 25, 9.5],
        properties: [
          ["Circuitos", String(slots), true],
          ["Corriente máxima", `${amps} A`],
          ["Instalación", flush ? "Empotrar" : "Sobreponer"],
          ["Fases", slots > 12 ? "2" : "1"],
        ],
        stockScale: slots <= 4 ? 40 : 10,
      }),
    );
  }
  for (const [sku, slots, price] of [
    ["HOM2L", 2, 265],
    ["HOM4L", 4, 405],
    ["HOM6L", 6, 690],
    ["HOM8L", 8, 910],
    ["HOM12L125", 12, 1790],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: `${sku}70S`,
        name: `Centro de carga Homeline ${slots} circuitos sobreponer`,
        descripcion1: `CENTRO CARGA HOM ${slots}C`,
        brand: "SE Residencial",
        category: "Centros de carga Homeline",
        sector: "Residencial",
        application: "Distribución eléctrica",
        price,
        claveSat: "39121610",
        weight: 0.5 + slots * 0.15,
        dims: [14 + slots * 1.5, 22, 9],
        properties: [
          ["Circuitos", String(slots), true],
          ["Instalación", "Sobreponer"],
        ],
        stockScale: 35,
      }),
    );
  }
  return out;
}

const COLORS: Record<string, string> = { AZ: "azul", BL: "blanco", NE: "negro", RO: "rojo", VE: "verde", AM: "amarillo", GR: "gris" };

function cables(): ProductSeed[] {
  const out: ProductSeed[] = [];
  const thwPrice: Record<number, number> = { 14: 985, 12: 1385, 10: 2140, 8: 3490, 6: 5520 };
  for (const gauge of [14, 12, 10, 8]) {
    for (const color of gauge >= 12 ? ["AZ", "BL", "NE", "RO", "VE", "AM", "GR"] : ["AZ", "BL", "NE", "RO", "VE"]) {
      out.push(
        P({
          sku: `THW${gauge}${color}100`,
          manufacturerSku: `THW-LS-${gauge}-${color}`,
          name: `Cable THW-LS calibre ${gauge} AWG color ${COLORS[color]} caja 100 m`,
          descripcion1: `CABLE THW-LS CAL ${gauge} ${COLORS[color].toUpperCase()} 100M`,
          brand: "Condumex",
          category: "Cable THW",
          sector: "Residencial",
          application: "Instalación residencial",
          price: thwPrice[gauge],
          claveSat: "26121600",
          weight: gauge === 14 ? 2.4 : gauge === 12 ? 3.6 : gauge === 10 ? 5.5 : 8.9,
          dims: [32, 32, 12],
          properties: [
            ["Calibre", `${gauge} AWG`, true],
            ["Color", COLORS[color], true],
            ["Longitud", "100 m"],
            ["Aislamiento", "PVC THW-LS 90 °C"],
            ["Tensión", "600 V"],
          ],
          stockScale: gauge >= 12 ? 80 : 25,
        }),
      );
    }
  }
  for (const color of ["NE", "BL", "VE"]) {
    out.push(
      P({
        sku: `THW6${color}100`,
        manufacturerSku: `THW-LS-6-${color}`,
        name: `Cable THW-LS calibre 6 AWG color ${COLORS[color]} carrete 100 m`,
        descripcion1: `CABLE THW-LS CAL 6 ${COLORS[color].toUpperCase()} 100M`,
        brand: "Condumex",
        category: "Cable THW",
        sector: "Comercial",
        application: "Distribución eléctrica",
        price: thwPrice[6],
        claveSat: "26121600",
        weight: 14.2,
        dims: [40, 40, 18],
        properties: [
          ["Calibre", "6 AWG", true],
          ["Color", COLORS[color], true],
          ["Longitud", "100 m"],
        ],
        stockScale: 8,
      }),
    );
  }
  for (const gauge of [14, 12, 10, 8]) {
    for (const color of ["BL", "NE", "RO", "VE"]) {
      out.push(
        P({
          sku: `VTHHW${gauge}${color}100`,
          manufacturerSku: `THHW-LS-${gauge}${color}`,
          name: `Cable THHW-LS Viakon calibre ${gauge} AWG ${COLORS[color]} 100 m`,
          descripcion1: `CABLE THHW-LS VIAKON ${gauge} ${COLORS[color].toUpperCase()}`,
          brand: "Viakon",
          category: "Cable THHW-LS",
          sector: "Comercial",
          application: "Instalación residencial",
          price: Math.round(thwPrice[gauge] * 1.04),
          claveSat: "26121600",
          weight: gauge === 14 ? 2.4 : gauge === 12 ? 3.6 : gauge === 10 ? 5.5 : 8.9,
          dims: [32, 32, 12],
          properties: [
            ["Calibre", `${gauge} AWG`, true],
            ["Color", COLORS[color], true],
            ["Longitud", "100 m"],
            ["Aislamiento", "THHW-LS 90 °C"],
          ],
          stockScale: 30,
        }),
      );
    }
  }
  for (const gauge of [14, 12, 10, 8]) {
    for (const color of ["BL", "NE", "RO"]) {
      out.push(
        P({
          sku: `ITHW${gauge}${color}100`,
          manufacturerSku: `IUSA-THW${gauge}-${color}`,
          name: `Cable THW Iusa calibre ${gauge} AWG ${COLORS[color]} 100 m`,
          descripcion1: `CABLE THW IUSA ${gauge} ${COLORS[color].toUpperCase()}`,
          brand: "Iusa",
          category: "Cable THW",
          sector: "Residencial",
          application: "Instalación residencial",
          price: Math.round(thwPrice[gauge] * 0.95),
          claveSat: "26121600",
          weight: gauge === 14 ? 2.3 : gauge === 12 ? 3.5 : gauge === 10 ? 5.4 : 8.7,
          dims: [32, 32, 12],
          properties: [
            ["Calibre", `${gauge} AWG`, true],
            ["Color", COLORS[color], true],
            ["Longitud", "100 m"],
          ],
          stockScale: 30,
        }),
      );
    }
  }
  for (const [sku, gauge, price] of [
    ["ICDUP16100", 16, 760],
    ["ICDUP18100", 18, 540],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: `DUPLEX-${gauge}`,
        name: `Cable dúplex polarizado calibre ${gauge} AWG blanco 100 m`,
        descripcion1: `CABLE DUPLEX POL ${gauge} 100M`,
        brand: "Iusa",
        category: "Cable dúplex",
        sector: "Residencial",
        application: "Instalación residencial",
        price,
        claveSat: "26121600",
        weight: 2.1,
        dims: [28, 28, 10],
        properties: [
          ["Calibre", `${gauge} AWG`, true],
          ["Longitud", "100 m"],
        ],
        stockScale: 20,
      }),
    );
  }
  for (const [conductors, gauge, price] of [
    [2, 16, 1180],
    [2, 14, 1590],
    [2, 12, 2290],
    [3, 14, 2240],
    [3, 12, 3190],
    [3, 10, 4890],
  ] as const) {
    out.push(
      P({
        sku: `UR${conductors}X${gauge}100`,
        manufacturerSku: `SPT-${conductors}X${gauge}`,
        name: `Cable uso rudo ${conductors}x${gauge} AWG 100 m`,
        descripcion1: `CABLE USO RUDO ${conductors}X${gauge} 100M`,
        brand: "Condumex",
        category: "Cable uso rudo",
        sector: "Industrial",
        application: "Mantenimiento",
        price,
        claveSat: "26121600",
        weight: conductors * (gauge === 16 ? 1.6 : gauge === 14 ? 2.3 : gauge === 12 ? 3.4 : 5.2),
        dims: [35, 35, 14],
        properties: [
          ["Conductores", String(conductors), true],
          ["Calibre", `${gauge} AWG`, true],
          ["Longitud", "100 m"],
        ],
        stockScale: 12,
      }),
    );
  }
  for (const [gauge, price] of [
    [10, 1690],
    [8, 2790],
    [6, 4350],
  ] as const) {
    out.push(
      P({
        sku: `CDES${gauge}100`,
        manufacturerSku: `DESNUDO-${gauge}`,
        name: `Cable de cobre desnudo calibre ${gauge} AWG 100 m`,
        descripcion1: `CABLE COBRE DESNUDO ${gauge} 100M`,
        brand: "Condumex",
        category: "Cable desnudo",
        sector: "Infraestructura",
        application: "Distribución eléctrica",
        price,
        claveSat: "26121600",
        weight: gauge === 10 ? 5.1 : gauge === 8 ? 8.2 : 13,
        dims: [32, 32, 12],
        properties: [
          ["Calibre", `${gauge} AWG`, true],
          ["Longitud", "100 m"],
          ["Uso", "Puesta a tierra"],
        ],
        stockScale: 10,
      }),
    );
  }
  return out;
}

function lighting(): ProductSeed[] {
  const out: ProductSeed[] = [];
  const kelvin: Record<string, string> = { "30": "3000 K luz cálida", "40": "4000 K luz neutra", "65": "6500 K luz de día" };
  for (const w of [7, 9, 12]) {
    for (const k of ["30", "65"]) {
      out.push(
        P({
          sku: `PHA19LED${w}W${k}`,
          manufacturerSku: `A19-${w}W-${k}00K`,
          name: `Foco LED A19 ${w} W ${kelvin[k]} base E26 Philips`,
          descripcion1: `FOCO LED A19 ${w}W ${k}00K PHILIPS`,
          brand: "Philips",
          category: "Focos LED",
          sector: "Residencial",
          application: "Iluminación interior",
          price: 38 + w * 4,
          claveSat: "39101600",
          weight: 0.05,
          dims: [11, 6, 6],
          properties: [
            ["Potencia", `${w} W`, true],
            ["Temperatura de color", `${k}00 K`, true],
            ["Base", "E26"],
            ["Flujo luminoso", `${w * 90} lm`],
            ["Vida útil", "15 000 h"],
          ],
          stockScale: 150,
        }),
      );
    }
  }
  for (const [sku, name, price, w] of [
    ["PHPAR38LED15W", "Foco LED PAR38 15 W 3000 K exterior Philips", 265, 15],
    ["PHPAR30LED10W", "Foco LED PAR30 10 W 3000 K Philips", 198, 10],
    ["PHT8LED9W60", "Tubo LED T8 9 W 60 cm 6500 K Philips", 112, 9],
    ["PHT8LED18W120", "Tubo LED T8 18 W 120 cm 6500 K Philips", 168, 18],
    ["PHPANEL6060", "Panel LED CoreLine 60x60 cm 36 W 4000 K Philips", 1190, 36],
    ["PHDL150-12W", "Luminaria downlight LED 12 W 4000 K empotrable Philips", 285, 12],
    ["PHREF50W65", "Reflector LED BVP 50 W 6500 K IP65 Philips", 890, 50],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku.replace("PH", "PHI-"),
        name,
        descripcion1: name.toUpperCase().replace(" PHILIPS", "").slice(0, 40),
        brand: "Philips",
        category: sku.includes("T8") ? "Tubos LED" : sku.includes("REF") ? "Reflectores" : sku.includes("PAR") ? "Focos LED" : "Luminarias",
        sector: "Comercial",
        application: sku.includes("REF") || sku.includes("PAR38") ? "Iluminación exterior" : "Iluminación interior",
        price,
        claveSat: "39101600",
        weight: w > 30 ? 2.1 : 0.3,
        dims: w > 30 ? [62, 62, 4] : [15, 10, 10],
        properties: [
          ["Potencia", `${w} W`, true],
          ["Marca de LED", "Philips"],
        ],
        stockScale: 30,
      }),
    );
  }
  for (const w of [8, 10, 14]) {
    for (const k of ["30", "65"]) {
      out.push(
        P({
          sku: `TLA19LED${w}W${k}`,
          manufacturerSku: `A19LED/${w}W/${k}`,
          name: `Foco LED A19 ${w} W ${kelvin[k]} Tecnolite`,
          descripcion1: `FOCO LED A19 ${w}W ${k}00K TECNOLITE`,
          brand: "Tecnolite",
          category: "Focos LED",
          sector: "Residencial",
          application: "Iluminación interior",
          price: 32 + w * 3,
          claveSat: "39101600",
          weight: 0.05,
          dims: [11, 6, 6],
          properties: [
            ["Potencia", `${w} W`, true],
            ["Temperatura de color", `${k}00 K`, true],
            ["Base", "E26"],
          ],
          stockScale: 160,
        }),
      );
    }
  }
  for (const w of [10, 20, 30, 50, 100, 150, 200]) {
    out.push(
      P({
        sku: `TLREF${w}W65`,
        manufacturerSku: `RLED-${w}W-65`,
        name: `Reflector LED ${w} W 6500 K IP65 Tecnolite`,
        descripcion1: `REFLECTOR LED ${w}W 6500K IP65`,
        brand: "Tecnolite",
        category: "Reflectores",
        sector: w >= 100 ? "Industrial" : "Comercial",
        application: "Iluminación exterior",
        price: 150 + w * 9,
        claveSat: "39111500",
        weight: 0.4 + w / 60,
        dims: [10 + w / 8, 8 + w / 10, 5],
        properties: [
          ["Potencia", `${w} W`, true],
          ["Temperatura de color", "6500 K"],
          ["Protección", "IP65"],
          ["Flujo luminoso", `${w * 95} lm`],
        ],
        stockScale: 25,
      }),
    );
  }
  for (const [sku, name, price, cat] of [
    ["TLEMP12W30", "Luminaria empotrable redonda LED 12 W 3000 K Tecnolite", 189, "Luminarias"],
    ["TLEMP18W65", "Luminaria empotrable redonda LED 18 W 6500 K Tecnolite", 239, "Luminarias"],
    ["TLSOB24W40", "Luminaria de sobreponer cuadrada LED 24 W 4000 K Tecnolite", 349, "Luminarias"],
    ["TLPAN6060-40W", "Panel LED 60x60 cm 40 W 4000 K Tecnolite", 899, "Luminarias"],
    ["TLHIGHBAY150W", "Campana LED high bay 150 W 5000 K Tecnolite", 3290, "Luminarias"],
    ["TLTIRA5M-WW", "Tira LED 5 m luz cálida con fuente Tecnolite", 349, "Tiras LED"],
    ["TLTIRA5M-CW", "Tira LED 5 m luz fría con fuente Tecnolite", 349, "Tiras LED"],
    ["TLTIRA5M-RGB", "Tira LED 5 m RGB con control remoto Tecnolite", 459, "Tiras LED"],
    ["TLT5LED14W", "Tubo LED T5 14 W 120 cm 6500 K Tecnolite", 149, "Tubos LED"],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku.replace("TL", "TEC-"),
        name,
        descripcion1: name.toUpperCase().replace(" TECNOLITE", "").slice(0, 40),
        brand: "Tecnolite",
        category: cat,
        sector: "Comercial",
        application: "Iluminación interior",
        price,
        claveSat: "39111500",
        weight: price > 800 ? 2.5 : 0.4,
        dims: [20, 20, 8],
        properties: [["Potencia", name.match(/(\d+) W/)?.[1] ? `${name.match(/(\d+) W/)?.[1]} W` : "N/A", true]],
        stockScale: 25,
      }),
    );
  }
  for (const [sku, name, price] of [
    ["LDVA60-9W65", "Foco LED Value A60 9 W 6500 K Ledvance", 46],
    ["LDVA60-12W30", "Foco LED Value A60 12 W 3000 K Ledvance", 58],
    ["LDVFL30W65", "Reflector LED Floodlight 30 W 6500 K Ledvance", 420],
    ["LDVFL100W65", "Reflector LED Floodlight 100 W 6500 K Ledvance", 1240],
    ["LDVT8-18W", "Tubo LED T8 18 W 120 cm Ledvance", 139],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku.replace("LDV", "LDV-"),
        name,
        descripcion1: name.toUpperCase().replace(" LEDVANCE", "").slice(0, 40),
        brand: "Ledvance",
        category: sku.includes("FL") ? "Reflectores" : sku.includes("T8") ? "Tubos LED" : "Focos LED",
        sector: "Residencial",
        application: sku.includes("FL") ? "Iluminación exterior" : "Iluminación interior",
        price,
        claveSat: "39101600",
        weight: 0.2,
        dims: [12, 7, 7],
        properties: [["Potencia", name.match(/(\d+) W/)?.[0] ?? "", true]],
        stockScale: 60,
      }),
    );
  }
  return out;
}

function wiringDevices(): ProductSeed[] {
  const out: ProductSeed[] = [];
  const bticino: Array<[string, string, string, number]> = [
    ["AM4001", "Apagador sencillo 1 módulo Modus Style", "Apagadores", 58],
    ["AM4003", "Apagador de escalera 3 vías 1 módulo Modus Style", "Apagadores", 79],
    ["AM4025", "Contacto dúplex polarizado con tierra Modus Style", "Contactos", 96],
    ["AM4028", "Contacto con tierra aislada naranja Modus Style", "Contactos", 148],
    ["AM4285USB", "Cargador USB doble 2.1 A Modus Style", "Contactos", 389],
    ["AM4406", "Atenuador de luz 300 W Modus Style", "Atenuadores y sensores", 465],
    ["AM4801", "Placa 1 módulo Modus Style", "Placas", 34],
    ["AM4802", "Placa 2 módulos Modus Style", "Placas", 38],
    ["AM4803", "Placa 3 módulos Modus Style", "Placas", 42],
    ["AM4851", "Sensor de movimiento 1 módulo Modus Style", "Atenuadores y sensores", 640],
  ];
  for (const [code, name, cat, price] of bticino) {
    for (const [suffix, color] of [
      ["B", "blanco"],
      ["G", "grafito"],
    ] as const) {
      out.push(
        P({
          sku: `BT${code}${suffix}`,
          manufacturerSku: `${code}${suffix === "B" ? "W" : "T"}`,
          name: `${name} ${color} Bticino`,
          descripcion1: `${name.toUpperCase().slice(0, 30)} ${color.toUpperCase()}`,
          brand: "Bticino",
          category: cat,
          sector: "Residencial",
          application: "Instalación residencial",
          price: suffix === "G" ? Math.round(price * 1.18) : price,
          claveSat: "39121400",
          weight: 0.06,
          dims: [7, 4.5, 3.5],
          properties: [
            ["Color", color, true],
            ["Línea", "Modus Style"],
            ["Tensión", "127 V"],
          ],
          stockScale: 70,
        }),
      );
    }
  }
  for (const [sku, name, cat, price] of [
    ["5320-W", "Contacto dúplex polarizado 15 A blanco Leviton", "Contactos", 64],
    ["5320-I", "Contacto dúplex polarizado 15 A marfil Leviton", "Contactos", 64],
    ["1451-2W", "Apagador sencillo 15 A blanco Leviton", "Apagadores", 52],
    ["1453-2W", "Apagador de 3 vías 15 A blanco Leviton", "Apagadores", 88],
    ["GFNT1-W", "Contacto GFCI 15 A con falla a tierra blanco Leviton", "Contactos", 389],
    ["GFNT2-W", "Contacto GFCI 20 A con falla a tierra blanco Leviton", "Contactos", 449],
    ["T5325-W", "Contacto dúplex con 2 puertos USB blanco Leviton", "Contactos", 499],
    ["6633-P", "Atenuador rotativo 600 W Leviton", "Atenuadores y sensores", 279],
    ["80401-W", "Placa 1 unidad para apagador blanco Leviton", "Placas", 29],
    ["80403-W", "Placa dúplex para contacto blanco Leviton", "Placas", 29],
    ["ODS10-IDW", "Sensor de ocupación para pared blanco Leviton", "Atenuadores y sensores", 890],
    ["LTB60-1LZ", "Temporizador digital programable Leviton", "Atenuadores y sensores", 749],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name,
        descripcion1: name.toUpperCase().replace(" LEVITON", "").slice(0, 40),
        brand: "Leviton",
        category: cat,
        sector: sku.startsWith("ODS") || sku.startsWith("LTB") ? "Comercial" : "Residencial",
        application: "Instalación residencial",
        price,
        claveSat: "39121400",
        weight: 0.08,
        dims: [11, 7, 4],
        properties: [
          ["Color", sku.endsWith("-I") ? "marfil" : "blanco", true],
          ["Corriente", sku.includes("GFNT2") ? "20 A" : "15 A"],
        ],
        stockScale: 45,
      }),
    );
  }
  return out;
}

function industrialControl(): ProductSeed[] {
  const out: ProductSeed[] = [];
  for (const [sku, a, price] of [
    ["LC1D09M7", 9, 38.9],
    ["LC1D12M7", 12, 44.5],
    ["LC1D18M7", 18, 58.2],
    ["LC1D25M7", 25, 79.9],
    ["LC1D32M7", 32, 104.3],
    ["LC1D40AM7", 40, 158.7],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name: `Contactor TeSys D ${a} A bobina 220 V CA`,
        descripcion1: `CONTACTOR TESYS D ${a}A 220VCA`,
        brand: "Schneider Electric",
        category: "Contactores",
        sector: "Industrial",
        application: "Control de motores",
        price,
        currency: "Dolares",
        claveSat: "39121521",
        weight: 0.35 + a / 100,
        dims: [8.5, 4.5, 9.5],
        properties: [
          ["Corriente", `${a} A`, true],
          ["Bobina", "220 V CA"],
          ["Contactos auxiliares", "1NA + 1NC"],
        ],
        stockScale: 10,
      }),
    );
  }
  for (const [sku, range, price] of [
    ["LRD08", "2.5-4 A", 41.2],
    ["LRD10", "4-6 A", 41.2],
    ["LRD12", "5.5-8 A", 43.1],
    ["LRD14", "7-10 A", 43.1],
    ["LRD16", "9-13 A", 45.6],
    ["LRD21", "12-18 A", 47.9],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name: `Relevador térmico TeSys LRD rango ${range}`,
        descripcion1: `RELEVADOR TERMICO LRD ${range}`,
        brand: "Schneider Electric",
        category: "Relevadores térmicos",
        sector: "Industrial",
        application: "Control de motores",
        price,
        currency: "Dolares",
        claveSat: "39121521",
        weight: 0.15,
        dims: [6.6, 4.5, 7],
        properties: [
          ["Rango de ajuste", range, true],
          ["Clase de disparo", "10A"],
        ],
        stockScale: 8,
      }),
    );
  }
  for (const [sku, name, price] of [
    ["XB4BA31", "Botón pulsador rasante verde 1NA 22 mm", 14.8],
    ["XB4BA42", "Botón pulsador rasante rojo 1NC 22 mm", 14.8],
    ["XB4BS542", "Botón de paro de emergencia hongo 40 mm", 31.5],
    ["XB4BVM4", "Piloto luminoso LED rojo 220 V 22 mm", 19.9],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name: `${name} Harmony`,
        descripcion1: name.toUpperCase().slice(0, 40),
        brand: "Schneider Electric",
        category: "Botones y pilotos",
        sector: "Industrial",
        application: "Control de motores",
        price,
        currency: "Dolares",
        claveSat: "39122200",
        weight: 0.08,
        dims: [5, 4, 4],
        properties: [
          ["Diámetro", "22 mm"],
          ["Color", name.includes("verde") ? "verde" : "rojo", true],
        ],
        stockScale: 15,
      }),
    );
  }
  for (const [sku, a, price] of [
    ["3RT2015-1AN21", 7, 36.4],
    ["3RT2016-1AN21", 9, 39.8],
    ["3RT2017-1AN21", 12, 46.1],
    ["3RT2023-1AN20", 9, 52.7],
    ["3RT2024-1AN20", 12, 58.9],
    ["3RT2026-1AN20", 25, 88.4],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name: `Contactor Sirius ${a} A bobina 220 V CA Siemens`,
        descripcion1: `CONTACTOR SIRIUS ${a}A 220VCA`,
        brand: "Siemens",
        category: "Contactores",
        sector: "Industrial",
        application: "Control de motores",
        price,
        currency: "Dolares",
        claveSat: "39121521",
        weight: 0.3,
        dims: [8.5, 4.5, 7.5],
        properties: [
          ["Corriente", `${a} A`, true],
          ["Bobina", "220 V CA"],
        ],
        stockScale: 6,
      }),
    );
  }
  return out;
}

function conduitAndTools(): ProductSeed[] {
  const out: ProductSeed[] = [];
  const sizes: Array<[string, string]> = [
    ["12", '1/2"'],
    ["34", '3/4"'],
    ["1", '1"'],
    ["114", '1 1/4"'],
  ];
  for (const [code, size] of sizes) {
    out.push(
      P({
        sku: `PVCL${code}`,
        manufacturerSku: `DUR-CL-${code}`,
        name: `Tubo conduit PVC ligero ${size} tramo 3 m`,
        descripcion1: `TUBO CONDUIT PVC LIGERO ${size} 3M`,
        brand: "Duralón",
        category: "Tubería PVC",
        sector: "Residencial",
        application: "Canalización",
        price: code === "12" ? 22 : code === "34" ? 31 : code === "1" ? 48 : 69,
        claveSat: "39131700",
        weight: 0.6,
        dims: [300, 3, 3],
        properties: [
          ["Diámetro", size, true],
          ["Longitud", "3 m"],
          ["Tipo", "Ligero"],
        ],
        stockScale: 300,
      }),
    );
    out.push(
      P({
        sku: `CPD${code}`,
        manufacturerSku: `CMX-PD-${code}`,
        name: `Tubo conduit galvanizado pared delgada ${size} tramo 3 m`,
        descripcion1: `TUBO CONDUIT GALV PD ${size} 3M`,
        brand: "Canalmex",
        category: "Tubo conduit",
        sector: "Comercial",
        application: "Canalización",
        price: code === "12" ? 74 : code === "34" ? 98 : code === "1" ? 149 : 219,
        claveSat: "39131700",
        weight: 1.9,
        dims: [300, 3, 3],
        properties: [
          ["Diámetro", size, true],
          ["Longitud", "3 m"],
          ["Tipo", "Pared delgada"],
        ],
        stockScale: 150,
      }),
    );
  }
  for (const [sku, name, cat, price] of [
    ["CR1212", 'Caja registro galvanizada 1/2" cuadrada', "Cajas y registros", 16],
    ["CR3434", 'Caja registro galvanizada 3/4" cuadrada', "Cajas y registros", 24],
    ["CHAL12", "Caja chalupa galvanizada 2x4", "Cajas y registros", 9],
    ["CPL12", 'Cople conduit pared delgada 1/2"', "Coples y conectores", 6],
    ["CPL34", 'Cople conduit pared delgada 3/4"', "Coples y conectores", 9],
    ["CNT12", 'Conector conduit pared delgada 1/2"', "Coples y conectores", 7],
    ["CNT34", 'Conector conduit pared delgada 3/4"', "Coples y conectores", 10],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: `CMX-${sku}`,
        name,
        descripcion1: name.toUpperCase().slice(0, 40),
        brand: "Canalmex",
        category: cat,
        sector: "Residencial",
        application: "Canalización",
        price,
        claveSat: "39131700",
        weight: 0.1,
        dims: [8, 8, 5],
        properties: [["Material", "Acero galvanizado"]],
        stockScale: 400,
      }),
    );
  }
  for (const [sku, size, price] of [
    ["DXN1010", "10x10 mm", 29],
    ["DXN1020", "10x20 mm", 36],
    ["DXN2020", "20x20 mm", 52],
    ["DXN4025", "40x25 mm", 118],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name: `Canaleta de PVC con adhesivo ${size} tramo 2 m Dexson`,
        descripcion1: `CANALETA PVC ${size} 2M`,
        brand: "Dexson",
        category: "Canaletas",
        sector: "Comercial",
        application: "Canalización",
        price,
        claveSat: "39131700",
        weight: 0.3,
        dims: [200, 4, 3],
        properties: [
          ["Medida", size, true],
          ["Longitud", "2 m"],
          ["Color", "blanco"],
        ],
        stockScale: 120,
      }),
    );
  }
  for (const [sku, name, cat, brand, price, currency] of [
    ["PEL-8", 'Pinza de electricista 8" mango de vinil', "Pinzas", "Truper", 189, "Pesos"],
    ["PCD-7", 'Pinza de corte diagonal 7"', "Pinzas", "Truper", 165, "Pesos"],
    ["PECA-7X", 'Pinza pelacables 7" calibres 10-22', "Pinzas", "Truper", 215, "Pesos"],
    ["JDK-6", "Juego de 6 desarmadores aislados 1000 V", "Desarmadores", "Truper", 349, "Pesos"],
    ["GUIA-30", "Guía pasacables de acero 30 m", "Herramientas", "Truper", 289, "Pesos"],
    ["MUT-830", "Multímetro digital 600 V con zumbador", "Medición y prueba", "Volteck", 179, "Pesos"],
    ["MUT-39", "Multímetro de gancho 600 A", "Medición y prueba", "Volteck", 649, "Pesos"],
    ["PRV-12", "Probador de voltaje sin contacto", "Medición y prueba", "Volteck", 149, "Pesos"],
    ["EXT-5X3", "Extensión eléctrica uso rudo 5 m 3 contactos", "Extensiones y multicontactos", "Volteck", 159, "Pesos"],
    ["EXT-10X3", "Extensión eléctrica uso rudo 10 m 3 contactos", "Extensiones y multicontactos", "Volteck", 239, "Pesos"],
    ["MC-6S", "Multicontacto 6 entradas con supresor", "Extensiones y multicontactos", "Volteck", 219, "Pesos"],
    ["CIN-19N", "Cinta de aislar 19 mm x 18 m negra", "Cintas aislantes", "Volteck", 19, "Pesos"],
    ["PEL-8P", 'Pinza de electricista 8" Pretul', "Pinzas", "Pretul", 119, "Pesos"],
    ["CIN-PRE", "Cinta de aislar 19 mm x 9 m negra Pretul", "Cintas aislantes", "Pretul", 12, "Pesos"],
    ["D213-9NE", 'Pinza de electricista de alto apalancamiento 9"', "Pinzas", "Klein Tools", 52.9, "Dolares"],
    ["11055", "Pelacables y cortacables para calibres 10-18", "Pinzas", "Klein Tools", 21.5, "Dolares"],
    ["32500", "Desarmador multipuntas 11 en 1", "Desarmadores", "Klein Tools", 19.9, "Dolares"],
    ["NCVT-1", "Detector de voltaje sin contacto 50-1000 V", "Medición y prueba", "Klein Tools", 24.9, "Dolares"],
    ["MM300", "Multímetro digital 600 V con pruebas de continuidad", "Medición y prueba", "Klein Tools", 44.9, "Dolares"],
    ["TEMFLEX1700", "Cinta de aislar Temflex 1700 negra 19 mm x 20 m", "Cintas aislantes", "3M", 27, "Pesos"],
    ["SUPER33", "Cinta de aislar Super 33+ negra 19 mm x 20 m", "Cintas aislantes", "3M", 129, "Pesos"],
    ["SCOTCH23", "Cinta autofundente Scotch 23 19 mm x 9 m", "Cintas aislantes", "3M", 189, "Pesos"],
    ["SCOTCH130C", "Cinta de hule Scotch 130C para empalmes", "Cintas aislantes", "3M", 449, "Pesos"],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name: brand === "Pretul" || name.includes(brand) ? name : `${name} ${brand}`,
        descripcion1: name.toUpperCase().slice(0, 40),
        brand,
        category: cat === "Herramientas" ? "Pinzas" : cat,
        sector: "Industrial",
        application: "Mantenimiento",
        price,
        currency,
        claveSat: cat.startsWith("Cintas") ? "31201500" : "27111700",
        weight: 0.3,
        dims: [25, 10, 4],
        properties: [["Marca", brand]],
        stockScale: cat.startsWith("Cintas") ? 250 : 20,
      }),
    );
  }
  return out;
}

function extras(): ProductSeed[] {
  const out: ProductSeed[] = [];
  for (const [sku, name, price, brand] of [
    ["PHB11LED4W27", "Foco LED vela B11 4 W 2700 K base E12 Philips", 49, "Philips"],
    ["PHB11LED6W27", "Foco LED vela B11 6 W 2700 K base E12 Philips", 59, "Philips"],
    ["PHGU10LED5W30", "Foco LED GU10 5 W 3000 K dirigible Philips", 69, "Philips"],
    ["PHGU10LED5W65", "Foco LED GU10 5 W 6500 K dirigible Philips", 69, "Philips"],
    ["TLSOLAR60W", "Reflector solar LED 60 W con panel y control Tecnolite", 689, "Tecnolite"],
    ["TLSOLAR100W", "Reflector solar LED 100 W con panel y control Tecnolite", 989, "Tecnolite"],
    ["TLARB-SOL", "Arbotante solar LED para muro con sensor Tecnolite", 329, "Tecnolite"],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name,
        descripcion1: name.toUpperCase().replace(` ${brand.toUpperCase()}`, "").slice(0, 40),
        brand,
        category: sku.includes("SOL") ? "Reflectores" : "Focos LED",
        sector: "Residencial",
        application: sku.includes("SOL") ? "Iluminación exterior" : "Iluminación interior",
        price,
        claveSat: "39101600",
        weight: sku.includes("SOL") ? 1.8 : 0.04,
        dims: sku.includes("SOL") ? [30, 25, 8] : [10, 5, 5],
        properties: [["Potencia", name.match(/(\d+) W/)?.[0] ?? "", true]],
        stockScale: 50,
      }),
    );
  }
  for (const [sku, name, price, cat, brand, currency] of [
    ["SDSA1175", "Supresor de picos para centro de carga 1 fase 120/240 V", 2290, "Supresores de picos", "Square D", "Pesos"],
    ["SDSA3650", "Supresor de picos trifásico 3 fases 480 V", 6890, "Supresores de picos", "Square D", "Pesos"],
    ["EPSA120", "Supresor de picos enchufable para centro de carga QO", 1490, "Supresores de picos", "Square D", "Pesos"],
    ["CH12L125", "Centro de carga CH 12 circuitos 125 A Eaton", 2390, "Tableros", "Eaton", "Pesos"],
    ["CH24L200", "Centro de carga CH 24 circuitos 200 A Eaton", 5890, "Tableros", "Eaton", "Pesos"],
    ["S1202L125", "Centro de carga Siemens 12 circuitos 125 A empotrar", 2190, "Tableros", "Siemens", "Pesos"],
    ["NQ304L100", "Tablero de alumbrado NQ 30 circuitos 100 A 3 fases", 612.5, "Tableros", "Square D", "Dolares"],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name,
        descripcion1: name.toUpperCase().slice(0, 40),
        brand,
        category: cat,
        sector: cat === "Tableros" ? "Comercial" : "Residencial",
        application: "Distribución eléctrica",
        price,
        currency,
        claveSat: "39121610",
        weight: cat === "Tableros" ? 6 : 0.7,
        dims: cat === "Tableros" ? [45, 30, 10] : [12, 8, 6],
        properties: [["Tensión", name.match(/(\d+(?:\/\d+)?) V/)?.[0] ?? "240 V"]],
        stockScale: 5,
      }),
    );
  }
  for (const [sku, name, price, cat, brand] of [
    ["BTAM4027B", "Contacto dúplex con tapa de seguridad blanco Bticino", 129, "Contactos", "Bticino"],
    ["BTAM4027G", "Contacto dúplex con tapa de seguridad grafito Bticino", 152, "Contactos", "Bticino"],
    ["1461-S2W", "Apagador sencillo con piloto luminoso blanco Leviton", 139, "Apagadores", "Leviton"],
    ["R52-05320", "Contacto dúplex grado comercial 15 A blanco Leviton", 48, "Contactos", "Leviton"],
    ["CIN-200N", "Bolsa de 100 cinchos de nylon 20 cm negros", 39, "Cinchos", "Truper"],
    ["CIN-300N", "Bolsa de 100 cinchos de nylon 30 cm negros", 59, "Cinchos", "Truper"],
    ["CIN-300B", "Bolsa de 100 cinchos de nylon 30 cm blancos", 59, "Cinchos", "Truper"],
    ["TERM-OJ10", "Bolsa de 100 terminales de ojillo aisladas calibre 10", 149, "Conectores y terminales", "Truper"],
    ["CONR-100", "Bolsa de 100 conectores de resorte medianos", 119, "Conectores y terminales", "3M"],
    ["SCOTCHLOK-Y", "Bolsa de 100 conectores Scotchlok amarillos", 329, "Conectores y terminales", "3M"],
  ] as const) {
    out.push(
      P({
        sku,
        manufacturerSku: sku,
        name,
        descripcion1: name.toUpperCase().replace(` ${brand.toUpperCase()}`, "").slice(0, 40),
        brand,
        category: cat,
        sector: "Residencial",
        application: "Instalación residencial",
        price,
        claveSat: "39121400",
        weight: 0.1,
        dims: [12, 8, 4],
        properties: [["Presentación", name.startsWith("Bolsa") ? "100 piezas" : "1 pieza"]],
        stockScale: 60,
      }),
    );
  }
  return out;
}

function combos(): ProductSeed[] {
  const c = (sku: string, name: string, parts: Array<[string, number]>, application: string): ProductSeed =>
    P({
      sku,
      manufacturerSku: "",
      name,
      descripcion1: name.toUpperCase().slice(0, 40),
      brand: "Square D",
      category: "Kits",
      sector: "Residencial",
      application,
      price: 0,
      claveSat: "39121601",
      weight: 1,
      dims: [30, 20, 10],
      properties: [],
      combo: parts,
    });
  return [
    c(
      "KQO4X20",
      "Kit centro de carga QO4 con 4 interruptores QO120",
      [
        ["QO4", 1],
        ["QO120", 4],
      ],
      "Distribución eléctrica",
    ),
    c(
      "KHOM2L2",
      "Kit centro de carga HOM2L con 2 interruptores HOM120",
      [
        ["HOM2L", 1],
        ["HOM120", 2],
      ],
      "Distribución eléctrica",
    ),
    c(
      "KTHW12X",
      "Kit 3 cajas cable THW-LS calibre 12 (negro, blanco y verde)",
      [
        ["THW12NE100", 1],
        ["THW12BL100", 1],
        ["THW12VE100", 1],
      ],
      "Instalación residencial",
    ),
    { ...c("KFOCO6L", "Kit 6 focos LED A19 9 W luz de día Philips", [["PHA19LED9W65", 6]], "Iluminación interior"), brand: "Philips" },
    {
      ...c(
        "KELEC01",
        "Kit de herramienta para electricista (pinza, probador y cinta)",
        [
          ["PEL-8", 1],
          ["PRV-12", 1],
          ["TEMFLEX1700", 2],
        ],
        "Mantenimiento",
      ),
      brand: "Truper",
    },
  ];
}

export function productSeeds(): ProductSeed[] {
  return [
    ...breakers(),
    ...loadCenters(),
    ...cables(),
    ...lighting(),
    ...wiringDevices(),
    ...industrialControl(),
    ...conduitAndTools(),
    ...extras(),
    ...combos(),
  ];
}
