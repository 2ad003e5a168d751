import { expect } from "vitest";

/** A loader's or action's answer as the browser would see it: a Response, or `data(…)` with its init. */
type Answer = Response | { data: unknown; init: { status?: number } | null };

/** The status and the text of an answer, whichever way the route shaped it. */
export async function statusAndBody(res: Answer) {
  if (res instanceof Response) return { status: res.status, body: await res.text() };
  return { status: res.init?.status ?? 200, body: JSON.stringify(res.data) };
}

/** The answer is a redirect (302) to `to`: how a role without access is sent to its home. */
export function expectRedirect(res: unknown, to: string) {
  expect(res).toBeInstanceOf(Response);
  expect((res as Response).status).toBe(302);
  expect((res as Response).headers.get("location")).toBe(to);
}
