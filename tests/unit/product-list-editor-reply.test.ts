import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/lib/submission";
import { replyWithLists, rewrittenFields } from "~/lib/list-reply.server";
import { SectionDraftSchema } from "~/modules/content/shop-sections";
import { ShopSectionFormSchema } from "~/modules/content/shop-section-form";

function formOf(entries: Array<[string, string]>) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}
const posted: Array<[string, string]> = [
  ["title", "Ofertas"],
  ["q", "qo1"],
  ["products[0].id", "A"],
  ["products[0].qty", "2"],
];

describe("parseSubmission", () => {
  it("reads a post like parseWithZod", () => {
    expect(parseSubmission(formOf(posted), ShopSectionFormSchema)?.status).toBe("success");
  });
  it.each(["a\u0000b", "{", '{"type":"reorder","payload":{"name":"title","from":0,"to":1}}'])("is null for a Conform intent it cannot apply: %j", (intent) => {
    expect(parseSubmission(formOf([...posted, ["__intent__", intent]]), SectionDraftSchema)).toBeNull();
  });
});

describe("replyWithLists: the answer carries the lists the server rewrote", () => {
  const draft = () => parseWithZod(formOf(posted), { schema: SectionDraftSchema });
  const list = [
    { id: "A", qty: "3" },
    { id: "B", qty: "1" },
  ];

  it("answers the post as it is when nothing changed", () => {
    expect(replyWithLists(draft(), { products: [{ id: "A", qty: "2" }] }, [])).toEqual(draft().reply());
  });

  it("puts a changed list in the values and sends it as an update of that list", () => {
    const result = replyWithLists(draft(), { products: list }, ["products"]);
    expect(result.initialValue).toEqual({ title: "Ofertas", q: "qo1", products: list });
    expect(result.intent).toEqual({ type: "update", payload: { name: "products", value: list } });
  });

  it("sends several changed lists as an update of the whole form", () => {
    const result = replyWithLists(draft(), { products: list, images: [{ fileId: "F" }] }, ["products", "images"]);
    expect(result.intent).toEqual({ type: "update", payload: { value: { title: "Ofertas", q: "qo1", products: list, images: [{ fileId: "F" }] } } });
  });

  it("keeps a refusal's errors visible: the values change, no intent is sent", () => {
    const refused = parseWithZod(formOf([["products[0].id", "A"], ["products[0].qty", "2"]]), { schema: ShopSectionFormSchema });
    const result = replyWithLists(refused, { products: list }, ["products"]);
    expect(result.error).toEqual({ title: ["Ingresa el título de la sección"] });
    expect(result.initialValue).toEqual({ products: list });
    expect(result.intent).toBeUndefined();
    expect(result.status).toBe("error");
  });
});

describe("rewrittenFields: what the server worked out that differs from the post", () => {
  const payload = { title: "Cable", qty: "2", on: "on", boxes: "A", rows: [{ sku: "X", qty: "1" }], empty: "" };

  it("finds nothing when the value is the post read as Conform reads it (numbers, ticks, one box of a group, empty text)", () => {
    expect(rewrittenFields(payload, { title: "Cable", qty: 2, on: true, off: false, boxes: ["A"], rows: [{ sku: "X", qty: 1 }], empty: "", none: [] })).toEqual({ lists: {}, changed: [] });
  });

  it("sends a changed field as the form holds it, an emptied list as an empty list and a cleared value as empty text", () => {
    expect(rewrittenFields(payload, { title: "Cable", qty: 2, on: false, boxes: ["A", "B"], rows: [], empty: "" })).toEqual({
      lists: { on: "", boxes: ["A", "B"], rows: [] },
      changed: ["on", "boxes", "rows"],
    });
  });

  it("judges only the fields of the value: a posted field it does not name is not the server's to rewrite", () => {
    expect(rewrittenFields(payload, { title: "Cable THW", rows: [{ sku: "X", qty: 1 }, { sku: "Y", qty: 3 }] })).toEqual({
      lists: { title: "Cable THW", rows: [{ sku: "X", qty: "1" }, { sku: "Y", qty: "3" }] },
      changed: ["title", "rows"],
    });
  });
});
