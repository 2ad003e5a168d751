import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DETAIL_ENDPOINTS, LIST_ENDPOINTS } from "~/modules/shop-api/endpoints";
import { ErrorSchema, pageOfSchema, oneSchema } from "~/modules/shop-api/schemas";

/**
 * Every field the shop API can answer, written out by hand. A field added to a schema without being
 * added here fails this test: what the public sees changes only on purpose.
 */
function fieldsOf(schema: z.ZodTypeAny, prefix = ""): string[] {
  let s = schema;
  while (s instanceof z.ZodNullable || s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodEffects) {
    s = s instanceof z.ZodEffects ? s.innerType() : (s._def.innerType as z.ZodTypeAny);
  }
  if (s instanceof z.ZodArray) return fieldsOf(s.element, `${prefix}[]`);
  if (s instanceof z.ZodObject) {
    expect(s._def.unknownKeys, `${prefix || "root"} must be strict`).toBe("strict");
    return Object.entries(s.shape as Record<string, z.ZodTypeAny>).flatMap(([key, value]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      return [path, ...fieldsOf(value, path)];
    });
  }
  return [];
}

const IMAGE = (p: string) => [p, `${p}.alt`, `${p}.url400`, `${p}.url1200`];
const PRODUCT = (p: string) => [
  `${p}.sku`,
  `${p}.slug`,
  `${p}.name`,
  `${p}.manufacturerSku`,
  `${p}.brand`,
  `${p}.brand.id`,
  `${p}.brand.name`,
  `${p}.brand.slug`,
  `${p}.category`,
  `${p}.category.id`,
  `${p}.category.name`,
  `${p}.category.slug`,
  `${p}.price`,
  `${p}.price.amount`,
  `${p}.price.currency`,
  `${p}.stock`,
  ...IMAGE(`${p}.image`),
  `${p}.isCombo`,
  `${p}.updatedAt`,
];
const META = ["meta", "meta.total", "meta.page", "meta.pageSize"];
const TREE = (p: string) => [
  `${p}.id`,
  `${p}.name`,
  `${p}.slug`,
  `${p}.parentId`,
  ...IMAGE(`${p}.image`),
  ...IMAGE(`${p}.cover`),
  `${p}.updatedAt`,
];

const EXPECTED: Record<string, string[]> = {
  banners: [
    "data",
    "data[].id",
    "data[].name",
    ...IMAGE("data[].image"),
    "data[].coverTitle",
    "data[].coverSubtitle",
    "data[].coverContent",
    "data[].updatedAt",
    ...META,
  ],
  sections: [
    "data",
    "data[].id",
    "data[].title",
    "data[].products",
    ...PRODUCT("data[].products[]"),
    "data[].products[].qty",
    "data[].updatedAt",
    ...META,
  ],
  blogs: ["data", "data[].id", "data[].slug", "data[].title", ...IMAGE("data[].image"), "data[].publishedAt", "data[].updatedAt", ...META],
  promotions: [
    "data",
    "data[].id",
    "data[].title",
    "data[].description",
    "data[].link",
    ...IMAGE("data[].image"),
    "data[].startDate",
    "data[].endDate",
    "data[].permalink",
    "data[].updatedAt",
    ...META,
  ],
  locations: [
    "data",
    "data[].id",
    "data[].name",
    "data[].schedule",
    "data[].phone",
    "data[].whatsapp",
    "data[].address",
    "data[].url",
    "data[].geolocation",
    "data[].geolocation.lat",
    "data[].geolocation.lng",
    "data[].updatedAt",
    ...META,
  ],
  catalogs: [
    "data",
    "data[].id",
    "data[].title",
    "data[].images",
    ...IMAGE("data[].images[]").slice(1),
    "data[].subtitles",
    "data[].subtitles[].title",
    "data[].subtitles[].products",
    ...PRODUCT("data[].subtitles[].products[]"),
    "data[].subtitles[].products[].qty",
    "data[].updatedAt",
    ...META,
  ],
  products: ["data", ...PRODUCT("data[]"), ...META],
  categories: ["data", ...TREE("data[]"), ...META],
  brands: ["data", ...TREE("data[]"), ...IMAGE("data[].productImage"), "data[].isFeatured", ...META],
  blog: ["data", "data.id", "data.slug", "data.title", ...IMAGE("data.image"), "data.publishedAt", "data.updatedAt", "data.content"],
  product: [
    "data",
    ...PRODUCT("data"),
    "data.description",
    "data.eanUpc",
    "data.claveSat",
    "data.dimensions",
    "data.dimensions.tall",
    "data.dimensions.wide",
    "data.dimensions.long",
    "data.dimensions.weight",
    "data.gallery",
    ...IMAGE("data.gallery[]").slice(1),
    "data.dataSheetUrl",
    "data.properties",
    "data.properties[].name",
    "data.properties[].value",
  ],
  error: ["error", "error.message", "error.field"],
};

/** Names the back office keeps to itself: none may ever be a public field. */
const INTERNAL =
  /cost|intelisis|descripcion1|precio[23]|stocks|warehouse|stockTotal|audit|user|buyer|editedBy|createdBy|uploadedBy|origin|isActive|visible|status|draft/i;

describe("shop API fields", () => {
  const answers: Array<[string, z.ZodTypeAny]> = [
    ...LIST_ENDPOINTS.map((e) => [e.name, pageOfSchema(e.item)] as [string, z.ZodTypeAny]),
    ...DETAIL_ENDPOINTS.map((e) => [e.name, oneSchema(e.item)] as [string, z.ZodTypeAny]),
    ["error", ErrorSchema],
  ];
  it("covers every endpoint", () => {
    expect(answers.map(([name]) => name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });
  it.each(answers)("%s answers exactly the listed fields, none internal", (name, schema) => {
    const fields = fieldsOf(schema);
    expect(fields.sort()).toEqual([...EXPECTED[name]].sort());
    for (const field of fields) expect(field.split(".").pop()!.replace("[]", ""), field).not.toMatch(INTERNAL);
  });
});
