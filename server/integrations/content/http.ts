/** The content port over the back end's items/* and users/me. */
import { z } from "zod";
import { IntegrationError } from "../errors";
import { buildUrl, createHttpClient, segment, type HttpConfig } from "../http/request";
import { COLLECTION_NAME, filterParams, type ContentPort, type ItemsQuery } from "./port";

const pageSchema = z.object({
  data: z.array(z.unknown()),
  meta: z
    .object({ filter_count: z.coerce.number().int().min(0).optional() })
    .passthrough()
    .optional()
    .nullable(),
});

const anySchema = z.unknown();

function collectionPath(call: string, collection: string, id?: string) {
  if (!COLLECTION_NAME.test(collection)) {
    throw new IntegrationError({ system: "content", call, kind: "rejected", status: 400, message: `Colección no válida: ${collection}` });
  }
  // The back end's users are its system collection, at users/ rather than items/ (spec 2 §7: GET users, PATCH users/{id}).
  const base = collection === "users" ? "users" : `items/${collection}`;
  return id === undefined ? base : `${base}/${segment(id)}`;
}

export function createHttpContent(config: Omit<HttpConfig, "system">): ContentPort {
  const http = createHttpClient({ ...config, system: "content" });
  return {
    async listItems(collection: string, query: ItemsQuery) {
      const path = collectionPath("listItems", collection);
      // The filter's brackets do not fit a flat query object: the path carries the query string.
      const url = buildUrl("http://x/", path);
      for (const [key, value] of filterParams(query.filter ?? {})) url.searchParams.append(key, value);
      if (query.sort?.length) url.searchParams.set("sort", query.sort.join(","));
      url.searchParams.set("limit", String(query.limit));
      if (query.offset) url.searchParams.set("offset", String(query.offset));
      if (query.count) url.searchParams.set("meta", "filter_count");
      if (query.fields?.length) url.searchParams.set("fields", query.fields.join(","));
      const answer = await http.get("listItems", `${path}${url.search}`, pageSchema);
      return { data: answer.data, filterCount: answer.meta?.filter_count ?? null };
    },
    async updateItem(collection, id, body, write) {
      await http.json({
        call: "updateItem",
        method: "PATCH",
        path: collectionPath("updateItem", collection, id),
        json: body,
        headers: { "Idempotency-Key": write.idempotencyKey },
        schema: anySchema,
      });
    },
    async createItem(collection, body, write) {
      await http.json({
        call: "createItem",
        method: "POST",
        path: collectionPath("createItem", collection),
        json: body,
        headers: { "Idempotency-Key": write.idempotencyKey },
        schema: anySchema,
      });
    },
    async check() {
      await http.get("check", "users/me", anySchema, { query: { fields: "id" } });
    },
  };
}
