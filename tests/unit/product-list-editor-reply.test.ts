import { unstable_createFormContext, type Intent } from "@conform-to/dom";
import { parseWithZod } from "@conform-to/zod";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
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
  it.each(["a\u0000b", "{", '{"type":"reorder","payload":{"name":"title","from":0,"to":1}}'])(
    "is null for a Conform intent it cannot apply: %j",
    (intent) => {
      expect(parseSubmission(formOf([...posted, ["__intent__", intent]]), SectionDraftSchema)).toBeNull();
    },
  );
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
    expect(result.intent).toEqual({
      type: "update",
      payload: { value: { title: "Ofertas", q: "qo1", products: list, images: [{ fileId: "F" }] } },
    });
  });

  it("sends a refusal's rewritten values as an update too, with its errors marked to show", () => {
    const refused = parseWithZod(
      formOf([
        ["products[0].id", "A"],
        ["products[0].qty", "2"],
      ]),
      { schema: ShopSectionFormSchema },
    );
    const result = replyWithLists(refused, { products: list }, ["products"]);
    expect(result.error).toEqual({ title: ["Ingresa el título de la sección"] });
    expect(result.initialValue).toEqual({ products: list });
    expect(result.intent).toEqual({ type: "update", payload: { name: "products", value: list } });
    expect(result.status).toBe("error");
  });
});

describe("rewrittenFields: what the server worked out that differs from the post", () => {
  const payload = { title: "Cable", qty: "2", on: "on", boxes: "A", rows: [{ sku: "X", qty: "1" }], empty: "" };

  it("finds nothing when the value is the post read as Conform reads it (numbers, ticks, one box of a group, empty text)", () => {
    expect(
      rewrittenFields(payload, {
        title: "Cable",
        qty: 2,
        on: true,
        off: false,
        boxes: ["A"],
        rows: [{ sku: "X", qty: 1 }],
        empty: "",
        none: [],
      }),
    ).toEqual({ lists: {}, changed: [] });
  });

  it("sends a changed field as the form holds it, an emptied list as an empty list and a cleared value as empty text", () => {
    expect(rewrittenFields(payload, { title: "Cable", qty: 2, on: false, boxes: ["A", "B"], rows: [], empty: "" })).toEqual({
      lists: { on: "", boxes: ["A", "B"], rows: [] },
      changed: ["on", "boxes", "rows"],
    });
  });

  it("judges only the fields of the value: a posted field it does not name is not the server's to rewrite", () => {
    expect(
      rewrittenFields(payload, {
        title: "Cable THW",
        rows: [
          { sku: "X", qty: 1 },
          { sku: "Y", qty: 3 },
        ],
      }),
    ).toEqual({
      lists: {
        title: "Cable THW",
        rows: [
          { sku: "X", qty: "1" },
          { sku: "Y", qty: "3" },
        ],
      },
      changed: ["title", "rows"],
    });
  });
});

/**
 * The answer as the browser's Conform takes it: a form already on screen (`report`) and a page drawn
 * from it (`createFormMeta`). The fields on screen are rewritten only by a pending update intent.
 */
describe("replyWithLists: a refused post that the server rewrote, in the browser", () => {
  const refusal = () => {
    const fd = formOf([
      ["name", "Kit"],
      ["components[0].id", "P1"],
      ["components[0].qty", "99999"],
    ]);
    const submission = parseWithZod(fd, {
      schema: z.object({ name: z.string(), components: z.array(z.object({ id: z.string(), qty: z.string() })) }),
    });
    const components = [{ id: "P1", qty: "1" }];
    return replyWithLists(submission, { components }, ["components"], {
      fieldErrors: { "components[0].qty": ["La cantidad es mayor al stock disponible"] },
    });
  };
  const updates = (intents: readonly Intent[]) => intents.filter((i) => i.type === "update").map((i) => i.payload);

  beforeAll(() => {
    // Conform looks for the form element to move the focus; none is needed here.
    vi.stubGlobal("document", { forms: { namedItem: () => null } });
  });
  afterAll(() => vi.unstubAllGlobals());

  it("on a form already on screen: the quantity is written back as 1 and its message shows", () => {
    const form = unstable_createFormContext({ formId: "combo" });
    form.onUpdate({ formId: "combo", lastResult: refusal() });
    const state = form.getState();
    expect(updates(state.pendingIntents)).toEqual([{ name: "components", value: [{ id: "P1", qty: "1" }] }]);
    expect(state.error["components[0].qty"]).toEqual(["La cantidad es mayor al stock disponible"]);
    expect(state.value["components[0].qty"]).toBe("1");
  });

  it("on a page drawn from the answer: the values are the server's and the message shows", () => {
    const state = unstable_createFormContext({ formId: "combo", lastResult: refusal() }).getState();
    expect([state.initialValue["name"], state.initialValue["components[0].qty"]]).toEqual(["Kit", "1"]);
    expect(state.error["components[0].qty"]).toEqual(["La cantidad es mayor al stock disponible"]);
  });
});
