import sharp from "sharp";
import { expect } from "vitest";
import { readToast } from "~/lib/toast.server";
import { makeRequest, settle } from "./auth";
import { routeArgs } from "./route-args";

/**
 * Calling the catalogue's route modules (products, combos, the four taxonomies) as Remix would: a
 * loader or action with a Request built from a path, a session cookie and posted fields (files
 * included), and reading what it answered.
 */
export type RouteHandler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
export type PostedFields = Record<string, string | File | Array<string | File>>;

export function formOf(fields: PostedFields) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
  return form;
}

/** The handler's answer, or the Response it threw (a redirect, a 404). */
export function callRoute(
  handler: RouteHandler,
  path: string,
  cookie: string | undefined,
  opts: { params?: Record<string, string>; form?: PostedFields } = {},
) {
  return settle(() =>
    handler(
      routeArgs({ request: makeRequest(path, { cookie, form: opts.form ? formOf(opts.form) : undefined }), params: opts.params ?? {} }),
    ),
  );
}

/** The status of a Response, or of a `data(…, { status })` answer. */
export function statusOf(res: unknown) {
  return res instanceof Response ? res.status : (res as { init: { status: number } }).init.status;
}

/** The body of a `data(…)` answer (the dialog shown again), failing when the handler redirected instead. */
export function dataOf<T>(res: unknown): T {
  expect(res).not.toBeInstanceOf(Response);
  return (res as { data: T }).data;
}

/** The flash toast a redirect set. */
export async function toastOf(res: unknown) {
  const cookie = ((res as Response).headers.get("Set-Cookie") ?? "").split(";")[0];
  return (await readToast(new Request("http://localhost/", { headers: { cookie } }))).toast;
}

/** A PNG upload of one colour (a different colour is a different file to the library). */
export async function pngFile(name: string, width: number, height: number, background: { r: number; g: number; b: number }) {
  const bytes = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

type RouteModule = { loader: unknown; action?: unknown };

/** A taxonomy's list, new, edit and delete route modules as the handlers the tests call. */
export function taxonomyHandlers(routes: { list: RouteModule; create: RouteModule; edit: RouteModule; remove: RouteModule }) {
  return {
    list: routes.list.loader as RouteHandler,
    newLoader: routes.create.loader as RouteHandler,
    create: routes.create.action as RouteHandler,
    open: routes.edit.loader as RouteHandler,
    update: routes.edit.action as RouteHandler,
    confirm: routes.remove.loader as RouteHandler,
    remove: routes.remove.action as RouteHandler,
  };
}
