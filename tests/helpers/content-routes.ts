import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "../../server/db/client";
import { auditLog } from "../../server/db/schema";
import { readToast } from "~/lib/toast.server";
import type { Role } from "@common/roles";
import { makeRequest, settle } from "./auth";
import { expectRolesSentHome } from "./sent-home";
import { routeArgs } from "./route-args";

/**
 * Calling the routes of a content record screen (list, new, edit, delete dialogs) the way a
 * browser would, and reading what they answer: shared by the locations, promotions and catalogues
 * route tests.
 */

export type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
type Form = Record<string, string | string[]> | FormData;
type RouteModule = { loader?: unknown; action?: unknown };

/** A route's loader or action run on a request to `path`; what it returned, or the Response it threw. */
export function callRoute(
  handler: unknown,
  path: string,
  cookie: string | undefined,
  opts: { params?: Record<string, string>; form?: Form } = {},
) {
  return settle(() =>
    (handler as Handler)(routeArgs({ request: makeRequest(path, { cookie, form: opts.form }), params: opts.params ?? {} })),
  );
}

/**
 * The screen's calls: `base` is the list's URL, `param` the dialogs' id parameter, `formOf` turns a
 * test's fields into the posted form.
 */
export function contentRoutes<Fields>(
  base: string,
  param: string,
  routes: { list: RouteModule; create: RouteModule; edit: RouteModule; remove: RouteModule },
  formOf: (fields: Fields) => Form,
) {
  const params = (id: string | number) => ({ [param]: String(id) });
  return {
    listOf: (query: string, cookie: string | undefined) => callRoute(routes.list.loader, `${base}${query}`, cookie),
    open: (id: string | number, cookie: string) => callRoute(routes.edit.loader, `${base}/${id}`, cookie, { params: params(id) }),
    create: (fields: Fields, cookie: string, query = "") =>
      callRoute(routes.create.action, `${base}/new${query}`, cookie, { form: formOf(fields) }),
    update: (id: string | number, fields: Fields, cookie: string, query = "") =>
      callRoute(routes.edit.action, `${base}/${id}${query}`, cookie, { params: params(id), form: formOf(fields) }),
    confirm: (id: string | number, cookie: string) =>
      callRoute(routes.remove.loader, `${base}/${id}/delete`, cookie, { params: params(id) }),
    remove: (id: string | number, cookie: string, query = "") =>
      callRoute(routes.remove.action, `${base}/${id}/delete${query}`, cookie, { params: params(id), form: new FormData() }),
  };
}

export type ContentRoutes<Fields> = ReturnType<typeof contentRoutes<Fields>>;

/**
 * Each role sent to its home by every call of the screen (list, open, create, update, confirm,
 * delete); `fields` gives a fresh valid form for each write, which must not be saved.
 */
export async function expectEveryCallSendsHome<Fields>(
  routes: ContentRoutes<Fields>,
  roleHomes: ReadonlyArray<readonly [Role, string]>,
  id: number,
  fields: () => Fields,
) {
  await expectRolesSentHome(roleHomes, {
    list: ({ cookie }) => routes.listOf("", cookie),
    open: ({ cookie }) => routes.open(id, cookie),
    create: ({ cookie }) => routes.create(fields(), cookie),
    update: ({ cookie }) => routes.update(id, fields(), cookie),
    confirm: ({ cookie }) => routes.confirm(id, cookie),
    remove: ({ cookie }) => routes.remove(id, cookie),
  });
}

/** Every dialog call on an id that names no record answers 404. */
export async function expectEveryDialogAnswers404<Fields>(
  routes: ContentRoutes<Fields>,
  ids: string[],
  fields: () => Fields,
  cookie: string,
) {
  for (const id of ids) {
    expect(statusOf(await routes.open(id, cookie)), id).toBe(404);
    expect(statusOf(await routes.update(id, fields(), cookie)), id).toBe(404);
    expect(statusOf(await routes.confirm(id, cookie)), id).toBe(404);
    expect(statusOf(await routes.remove(id, cookie)), id).toBe(404);
  }
}

/** Where a redirect goes (the answer must be a Response). */
export function locationOf(res: unknown) {
  expect(res).toBeInstanceOf(Response);
  return (res as Response).headers.get("Location");
}

/** The HTTP status of an answer: a Response's, or that of `data(…, { status })`. */
export function statusOf(res: unknown) {
  return res instanceof Response ? res.status : (res as { init: { status: number } }).init.status;
}

/** The flash toast a redirect sets. */
export async function toastOf(res: unknown) {
  const cookie = ((res as Response).headers.get("Set-Cookie") ?? "").split(";")[0];
  return (await readToast(new Request("http://localhost/", { headers: { cookie } }))).toast;
}

/** The audit entries of one record, of one area's tag. */
export function auditOf(id: number, tag: string) {
  return getDb()
    .select()
    .from(auditLog)
    .where(eq(auditLog.identifier, String(id)))
    .then((rows) => rows.filter((r) => r.tags.includes(tag)));
}

let seq = 0;
/** A name no other test of the run uses. */
export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++seq}`;

type BenchLine = { route: string; query: string; sql?: string; params?: unknown[] };
type RawQuery = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/**
 * Each bench line of a list runs the SQL its loader runs: the same rows in the same order and the
 * same total, on a list that is not empty (an empty one would prove nothing).
 */
export async function expectBenchMatchesLoader(
  lines: readonly BenchLine[],
  route: string,
  query: RawQuery,
  listOf: (query: string) => Promise<unknown>,
) {
  for (const line of lines.filter((l) => l.route === route)) {
    const data = (await listOf(line.query ? `?${line.query}` : "")) as { rows: Array<{ id: number }>; total: number };
    const raw = await query<{ id: number; total: number | string }>(line.sql!, line.params ?? []);
    expect(
      raw.map((r) => r.id),
      line.query,
    ).toEqual(data.rows.map((r) => r.id));
    expect(Number(raw[0]?.total ?? 0)).toBe(data.total);
    expect(data.total, line.query).toBeGreaterThan(0);
  }
}
