import { shopSections } from "../../schema";
import { insertChunks, type SeedContext } from "./context";

/**
 * The shop's home sections (/ecommerce): real catalogue SKUs (see catalog-data.ts) in display order,
 * each with the quantity the shop offers. The last one is switched off, so the list shows both states.
 */
export const DEMO_SHOP_SECTIONS: Array<{ title: string; status: boolean; products: Array<[string, number]> }> = [
  {
    title: "Lo más vendido",
    status: true,
    products: [
      ["QO120", 1],
      ["PHA19LED9W65", 1],
      ["THW12NE100", 1],
      ["KQO4X20", 1],
      ["GFNT1-W", 1],
      ["TEMFLEX1700", 2],
    ],
  },
  {
    title: "Iluminación LED",
    status: true,
    products: [
      ["PHA19LED9W65", 1],
      ["PHA19LED12W30", 1],
      ["PHPAR38LED15W", 1],
      ["PHT8LED18W120", 1],
      ["PHPANEL6060", 1],
      ["PHDL150-12W", 1],
      ["PHREF50W65", 1],
      ["KFOCO6L", 1],
    ],
  },
  {
    title: "Protección eléctrica",
    status: true,
    products: [
      ["QO115", 1],
      ["QO120", 1],
      ["QO220", 1],
      ["QO120GFI", 1],
      ["EPSA120", 1],
      ["SDSA1175", 1],
    ],
  },
  {
    title: "Ofertas de temporada",
    status: false,
    products: [
      ["T5325-W", 1],
      ["MUT-830", 1],
      ["KELEC01", 1],
      ["5320-W", 3],
      ["PHREF50W65", 1],
    ],
  },
];

export async function seedShopSections(ctx: SeedContext) {
  const { tx, clock } = ctx;
  await insertChunks(
    tx,
    shopSections,
    DEMO_SHOP_SECTIONS.map((s, i) => {
      const at = clock.at(45 - i * 9, 12, 40).toJSDate();
      return { title: s.title, status: s.status, products: s.products.map(([id, qty]) => ({ id, qty })), createdAt: at, updatedAt: at };
    }),
  );
}
