/** Simulated category calls: predictor, detail, attributes, commission and the fee-rate list. */
import type { SimCategoryAttribute } from "../../db/schema/sim";
import type { SimRuntime } from "../simulator/runtime";
import { round2 } from "../simulator/store";
import { categoriesInsertSql, FALLBACK_CATEGORY_ID, normalizeText } from "./categories-data";
import type { CategoryAttribute, CategoryNode, CategoryPrediction, MarketplacePort } from "./port";

/** Marketplace México charges a fixed fee per unit on items under this price. */
export const FIXED_FEE_THRESHOLD = 299;
export const FIXED_FEE = 25;

type CategoryRow = {
  id: string;
  name: string;
  path_from_root: Array<{ id: string; name: string }>;
  leaf: boolean;
  gold_special: number | null;
  gold_pro: number | null;
  attributes: SimCategoryAttribute[];
  keywords: string[];
};

const CATEGORY_COLUMNS = `id, name, path_from_root, leaf, gold_special::float8 as gold_special, gold_pro::float8 as gold_pro, attributes, keywords`;

function toAttribute(a: SimCategoryAttribute): CategoryAttribute {
  return {
    id: a.id,
    name: a.name,
    required: a.tags.required ?? false,
    catalogRequired: a.tags.catalog_required ?? false,
    allowVariations: a.tags.allow_variations ?? false,
    valueType: a.value_type,
    values: a.values ?? [],
    allowedUnits: a.allowed_units ?? [],
  };
}

/** Subcategories as the marketplace lists them: by name. */
const byName = (rows: ReadonlyArray<{ id: string; name: string }>): CategoryNode[] =>
  rows.map((c) => ({ id: c.id, name: c.name })).sort((a, b) => a.name.localeCompare(b.name, "es") || a.id.localeCompare(b.id));

/** Keyword score of a title for a category: longer (multi-word) keywords count more. */
export function scoreTitle(title: string, keywords: string[]): number {
  const text = ` ${normalizeText(title)} `;
  return keywords.reduce((score, k) => (text.includes(` ${k} `) ? score + k.split(" ").length : score), 0);
}

export function categoryCalls(
  sim: SimRuntime,
): Pick<
  MarketplacePort,
  "predictCategory" | "getCategoryDetail" | "listRootCategories" | "getCategoryAttributes" | "getCommissionCost" | "listFeeCategories"
> {
  const db = () => sim.database;
  let ensured = false;

  async function categories(where = "true", params: unknown[] = []): Promise<CategoryRow[]> {
    if (!ensured) {
      const [row] = await db().query<{ n: number }>(`select count(*)::int as n from sim.mkt_categories`);
      if (Number(row.n) === 0) await db().query(categoriesInsertSql());
      ensured = true;
    }
    return db().query<CategoryRow>(`select ${CATEGORY_COLUMNS} from sim.mkt_categories where ${where} order by id`, params);
  }

  const one = async (id: string) => (await categories("id = $1", [id.trim().toUpperCase()]))[0] ?? null;

  return {
    predictCategory(title) {
      return sim.run("marketplace", "predictCategory", [title], async () => {
        const leaves = await categories("leaf");
        const scored = leaves
          .map((c) => ({ c, score: scoreTitle(title, c.keywords) }))
          .filter((s) => s.score > 0)
          .sort((a, b) => b.score - a.score || a.c.id.localeCompare(b.c.id))
          .slice(0, 3)
          .map((s) => s.c);
        const picked = scored.length > 0 ? scored : leaves.filter((c) => c.id === FALLBACK_CATEGORY_ID);
        return picked.map((c): CategoryPrediction => ({
          categoryId: c.id,
          categoryName: c.name,
          domainName: c.path_from_root.map((p) => p.name).join(" > "),
          pathFromRoot: c.path_from_root,
        }));
      });
    },

    getCategoryDetail(categoryId) {
      return sim.run("marketplace", "getCategoryDetail", [categoryId], async () => {
        const c = await one(categoryId);
        if (!c) return null;
        return { id: c.id, name: c.name, pathFromRoot: c.path_from_root, children: byName(await categories("parent_id = $1", [c.id])) };
      });
    },

    listRootCategories() {
      return sim.run("marketplace", "listRootCategories", [], async () => byName(await categories("parent_id is null")));
    },

    getCategoryAttributes(categoryId) {
      return sim.run("marketplace", "getCategoryAttributes", [categoryId], async () => {
        const c = await one(categoryId);
        return c ? c.attributes.map(toAttribute) : null;
      });
    },

    getCommissionCost(input) {
      return sim.run("marketplace", "getCommissionCost", [input.categoryId], async () => {
        const c = await one(input.categoryId);
        if (!c || !c.leaf) return null;
        const rate = Number(input.listingType === "gold_pro" ? c.gold_pro : c.gold_special);
        const fixedFee = input.price < FIXED_FEE_THRESHOLD ? FIXED_FEE : 0;
        return { saleFeeAmount: round2(input.price * rate + fixedFee), percentageFee: round2(rate * 100), fixedFee };
      });
    },

    listFeeCategories() {
      return sim.run("marketplace", "listFeeCategories", [], async () => {
        const leaves = await categories("leaf");
        return leaves
          .map((c) => ({ title: c.name, goldPro: Number(c.gold_pro ?? 0), goldSpecial: Number(c.gold_special ?? 0) }))
          .sort((a, b) => a.title.localeCompare(b.title, "es"));
      });
    },
  };
}
