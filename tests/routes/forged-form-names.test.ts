import { describe, expect, it } from "vitest";
import * as sectorNew from "~/routes/taxonomies/product-sectors.new";
import * as categoryNew from "~/routes/taxonomies/product-categories.new";
import * as promotionNew from "~/routes/shop/promotions.new";
import * as locationNew from "~/routes/shop/locations.new";
import * as banner from "~/routes/shop/banner-home";
import * as blogNew from "~/routes/shop/blog-posts.new";
import * as assistantNew from "~/routes/chatbot-documents/new";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";
import { callRoute, type RouteHandler } from "../helpers/catalog-routes";

await useTestDatabase();

const admin = await loginAs("admin");

/**
 * `name[3]=x` makes Conform read a list where the dialog expects text: the dialog drawn again from
 * it crashed (a 500) or showed Zod's English "Expected string, received array". These one-record
 * forms have no lists, so such a post is refused outright with a Spanish 400.
 */
describe("hand-made field names on the one-record dialogs", () => {
  const routes: Array<[string, RouteHandler]> = [
    ["/product-sectors/new", sectorNew.action as RouteHandler],
    ["/product-categories/new", categoryNew.action as RouteHandler],
    ["/promotions/new", promotionNew.action as RouteHandler],
    ["/locations/new", locationNew.action as RouteHandler],
    ["/banner-home", banner.action as RouteHandler],
    ["/blog-posts/new", blogNew.action as RouteHandler],
    ["/chatbot-documents/new", assistantNew.action as RouteHandler],
  ];
  it.each(routes)("%s refuses name[3] / title[2] with a 400 in Spanish, drawing no dialog", async (path, handler) => {
    const form = { intent: "save", "name[3]": "x", "title[2]": "y", "assistantName[1]": "z", "name.a": "w" };
    const res = await callRoute(handler, path, admin.cookie, { form });
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(400);
    expect(await (res as Response).text()).toBe("El formulario no es válido.");
  });
});
