import { catalogs } from "../../schema";
import { insertChunks, type SeedContext } from "./context";

/**
 * The demo's product catalogues (/catalogs): subtitles of real catalogue SKUs (see catalog-data.ts)
 * in display order. No images: the files library starts empty on a fresh clone.
 */
export const DEMO_CATALOGS: Array<{ title: string; subtitles: Array<{ title: string; products: Array<[string, number]> }> }> = [
  {
    title: "Catálogo de iluminación 2026",
    subtitles: [
      {
        title: "Focos LED",
        products: [
          ["PHA19LED9W65", 1],
          ["PHA19LED12W30", 1],
          ["PHPAR38LED15W", 1],
          ["KFOCO6L", 1],
        ],
      },
      {
        title: "Tubos y paneles",
        products: [
          ["PHT8LED18W120", 1],
          ["PHPANEL6060", 1],
          ["PHDL150-12W", 1],
        ],
      },
      {
        title: "Exterior",
        products: [
          ["PHREF50W65", 1],
          ["PHPAR38LED15W", 2],
          ["PHA19LED9W65", 1],
        ],
      },
    ],
  },
  {
    title: "Protección y control",
    subtitles: [
      {
        title: "Interruptores termomagnéticos",
        products: [
          ["QO115", 1],
          ["QO120", 1],
          ["QO220", 1],
          ["QO120GFI", 1],
        ],
      },
      {
        title: "Supresores y centros de carga",
        products: [
          ["EPSA120", 1],
          ["SDSA1175", 1],
          ["KQO4X20", 1],
        ],
      },
    ],
  },
];

export async function seedCatalogs(ctx: SeedContext) {
  const { tx, clock } = ctx;
  await insertChunks(
    tx,
    catalogs,
    DEMO_CATALOGS.map((c, i) => {
      const at = clock.at(30 - i * 12, 11, 15).toJSDate();
      return {
        title: c.title,
        images: [],
        subtitles: c.subtitles.map((s) => ({ title: s.title, products: s.products.map(([id, qty]) => ({ id, qty })) })),
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  return { catalogs: DEMO_CATALOGS.length };
}
