import { promotionPermalink } from "@common/shop-path";
import { storeLocations, storePromos } from "../../schema";
import { insertChunks, type SeedContext } from "./context";

/**
 * The shop's branches and promotions (screens /locations and /promotions). Fixed rows; the only
 * moving part is the promotions' dates, set around the seed's clock so some are current, one is
 * upcoming and one has ended. No images: an image must be a real file in the library.
 */

const WEEKDAYS = "Lunes a viernes 9:00–18:00, sábado 9:00–14:00";

type BranchSeed = {
  name: string;
  schedule: string;
  phone: string;
  whatsapp: string;
  address: string;
  url: string;
  geolocation: { lat: number; lng: number } | null;
  isActive: boolean;
};

export const DEMO_BRANCHES: BranchSeed[] = [
  {
    name: "Matriz Centro CDMX",
    schedule: WEEKDAYS,
    phone: "55 5512 3400",
    whatsapp: "55 3201 8890",
    address: "República de El Salvador 120, Centro Histórico, Cuauhtémoc, 06000 Ciudad de México, CDMX",
    url: "https://maps.google.com/?q=19.4294,-99.1366",
    geolocation: { lat: 19.4294, lng: -99.1366 },
    isActive: true,
  },
  {
    name: "Sucursal Iztapalapa",
    schedule: "Lunes a viernes 8:30–18:30, sábado 9:00–15:00",
    phone: "55 5686 7710",
    whatsapp: "55 4120 5537",
    address: "Calz. Ermita Iztapalapa 2450, Col. Santa Cruz Meyehualco, Iztapalapa, 09290 Ciudad de México, CDMX",
    url: "https://maps.google.com/?q=19.3457,-99.0514",
    geolocation: { lat: 19.3457, lng: -99.0514 },
    isActive: true,
  },
  {
    name: "Sucursal Guadalajara",
    schedule: WEEKDAYS,
    phone: "33 3614 2290",
    whatsapp: "33 1877 4402",
    address: "Av. Federalismo Norte 1180, Col. Santa Elena Alcalde, 44230 Guadalajara, Jal.",
    url: "https://maps.google.com/?q=20.6938,-103.3553",
    geolocation: { lat: 20.6938, lng: -103.3553 },
    isActive: true,
  },
  {
    name: "Sucursal Monterrey",
    schedule: "Lunes a viernes 8:00–17:30, sábado 8:30–13:30",
    phone: "81 8340 1122",
    whatsapp: "81 2055 6610",
    address: "Av. Félix U. Gómez 2301, Col. Terminal, 64580 Monterrey, N.L.",
    url: "https://maps.google.com/?q=25.6913,-100.2987",
    geolocation: { lat: 25.6913, lng: -100.2987 },
    isActive: true,
  },
  {
    name: "Sucursal Puebla",
    schedule: WEEKDAYS,
    phone: "222 242 8815",
    whatsapp: "222 318 4470",
    address: "Blvd. Norte 3415, Col. Villa San Alejandro, 72090 Puebla, Pue.",
    url: "https://maps.google.com/?q=19.0640,-98.2127",
    geolocation: { lat: 19.064, lng: -98.2127 },
    isActive: true,
  },
  {
    name: "Bodega Querétaro (cerrada por remodelación)",
    schedule: "Temporalmente cerrada",
    phone: "442 215 6630",
    whatsapp: "",
    address: "Av. 5 de Febrero 1705, Zona Industrial Benito Juárez, 76120 Santiago de Querétaro, Qro.",
    url: "https://maps.google.com/?q=20.6152,-100.4144",
    geolocation: null,
    isActive: false,
  },
];

type PromoSeed = {
  title: string;
  description: string;
  link: string;
  visible: boolean;
  startOffset: number;
  endOffset: number;
  createdDaysAgo: number;
};

/** Offsets are days from the seed's today (negative: before). */
export const DEMO_PROMOTIONS: PromoSeed[] = [
  {
    title: "Buen Fin eléctrico: 15% en centros de carga",
    description: "15% de descuento en centros de carga Square D QO y Homeline de 2 a 30 circuitos. Aplica en tienda en línea y sucursales.",
    link: "/categorias/centros-de-carga",
    visible: true,
    startOffset: -5,
    endOffset: 9,
    createdDaysAgo: 12,
  },
  {
    title: "Iluminación LED: 3x2 en focos A19",
    description: "Lleva 3 focos LED A19 de 9 W luz cálida o luz de día y paga 2. Mezcla marcas participantes.",
    link: "/categorias/iluminacion",
    visible: true,
    startOffset: -2,
    endOffset: 26,
    createdDaysAgo: 9,
  },
  {
    title: "Envío gratis en cable THW calibre 12",
    description: "Envío gratis en la compra de dos o más cajas de cable THW-LS calibre 12 AWG de 100 m.",
    link: "https://www.mercadolibre.com.mx/",
    visible: true,
    startOffset: 0,
    endOffset: 6,
    createdDaysAgo: 7,
  },
  {
    title: "Temporada de lluvias: apagadores y contactos exteriores",
    description: "10% en cajas y tapas a prueba de intemperie, contactos GFCI y apagadores para exterior.",
    link: "/promociones/temporada-de-lluvias",
    visible: true,
    startOffset: 3,
    endOffset: 33,
    createdDaysAgo: 5,
  },
  {
    title: "Liquidación de luminarias fluorescentes",
    description: "Últimas piezas de gabinetes fluorescentes T8 con 40% de descuento, hasta agotar existencias.",
    link: "",
    visible: false,
    startOffset: -40,
    endOffset: -10,
    createdDaysAgo: 45,
  },
  {
    title: "Kit de instalación residencial",
    description: "Centro de carga, interruptores termomagnéticos, cable y accesorios para una casa de interés social a precio especial.",
    link: "/kits/instalacion-residencial",
    visible: false,
    startOffset: 7,
    endOffset: 37,
    createdDaysAgo: 2,
  },
  {
    title: "Mes del electricista: herramienta Truper",
    description: "Pinzas, probadores de voltaje y cintas aislantes Truper con 12% de descuento para clientes registrados.",
    link: "/marcas/truper",
    visible: true,
    startOffset: -12,
    endOffset: 18,
    createdDaysAgo: 14,
  },
];

export async function seedShopContent(ctx: SeedContext) {
  const { tx, clock } = ctx;
  const day = (offset: number) => clock.today.plus({ days: offset }).toISODate()!;
  await insertChunks(
    tx,
    storeLocations,
    DEMO_BRANCHES.map((b, i) => {
      const at = clock.at(60 - i * 7, 10, 15).toJSDate();
      return { ...b, createdAt: at, updatedAt: at };
    }),
  );
  // Oldest first, so ids grow with the creation date (the lists show newest first by id).
  const promos = [...DEMO_PROMOTIONS].sort((a, b) => b.createdDaysAgo - a.createdDaysAgo);
  await insertChunks(
    tx,
    storePromos,
    promos.map((p) => {
      const at = clock.at(p.createdDaysAgo, 11, 30).toJSDate();
      return {
        title: p.title,
        description: p.description,
        link: p.link,
        image: null,
        startDate: day(p.startOffset),
        endDate: day(p.endOffset),
        visible: p.visible,
        permalink: promotionPermalink(p.title),
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  return { locations: DEMO_BRANCHES.length, promotions: DEMO_PROMOTIONS.length };
}
