import { users } from "../../server/db/schema";
import { getDb } from "../../server/db/client";
import { createUserSession } from "~/lib/auth/session.server";
import type { Role } from "@common/roles";

// A precomputed bcrypt hash of "demo1234" keeps tests fast.
export const DEMO_HASH = "$2b$10$Z4n7dli9/uosqX633zGvMe3nIZzIMurskIqTqTDZVpZi8dmVpxkaK";

let counter = 0;

/** Creates a user with the role (and flags) and a session for it; returns the Cookie header to send. */
export async function loginAs(role: Role, extra: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [user] = await getDb()
    .insert(users)
    .values({
      email: `${role}.${counter}.${Date.now()}@test.mx`,
      firstName: "Prueba",
      lastName: role,
      role,
      passwordHash: DEMO_HASH,
      ...extra,
    })
    .returning();
  const setCookie = await createUserSession(user.id, new Request("http://localhost/login"));
  return { user, cookie: setCookie.split(";")[0] };
}

/** A Request as the browser would send it: GET with a query, or POST with form fields. */
export function makeRequest(
  path: string,
  opts: { cookie?: string; method?: string; form?: Record<string, string | string[]> | FormData } = {},
) {
  const headers = new Headers();
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  let body: FormData | undefined;
  if (opts.form instanceof FormData) body = opts.form;
  else if (opts.form) {
    body = new FormData();
    for (const [k, v] of Object.entries(opts.form)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  }
  return new Request(new URL(path, "http://localhost"), { method: opts.method ?? (body ? "POST" : "GET"), headers, body });
}

/** Runs a loader/action and returns the thrown or returned Response (Remix guards throw responses). */
export async function settle<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
