import { redirect } from "react-router";
import { can, canAccessPath, homeFor, routeFor, type Feature } from "~/lib/access";
import { sameOriginPath } from "~/lib/safe-path";
import { redirectWithToast } from "~/lib/toast.server";
import { getSessionUser, type SessionUser } from "./session.server";

/** Only same-origin paths are accepted as a post-login destination (no open redirect). */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  const path = sameOriginPath(to);
  if (!path) return fallback;
  const { pathname } = new URL(path, "http://local.invalid");
  if (pathname === "/login" || pathname === "/logout") return fallback;
  return path;
}

function loginRedirect(url: URL) {
  const to = url.pathname + url.search;
  const params = to && to !== "/" ? `?${new URLSearchParams({ redirectTo: to })}` : "";
  return redirect(`/login${params}`);
}

/*
 * The guards read the session from the request and the page from `url`, the page's URL the router hands
 * every loader and action: the request is the one the browser sent, and with JavaScript that is the
 * route's data URL (`/orders.data?_routes=…`), not the page.
 */

/** Any signed-in user; otherwise to /login keeping where they wanted to go. */
export async function requireUser(request: Request, url: URL): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw loginRedirect(url);
  return user;
}

/**
 * The guard at the top of every loader and action: signed in, and the access matrix lets this role
 * use the screen the URL belongs to. A role that may not is sent to its own home.
 */
export async function requireAccess(request: Request, url: URL, pathname = url.pathname): Promise<SessionUser> {
  const user = await requireUser(request, url);
  if (!routeFor(pathname)) throw redirect(homeFor(user.role));
  if (!canAccessPath(user, pathname)) {
    const home = homeFor(user.role);
    if (routeFor(home)?.path === routeFor(pathname)?.path) throw new Response("Sin acceso", { status: 403 });
    throw redirect(home);
  }
  return user;
}

/** A feature inside a screen: mutations refused with a toast, never silently. */
export async function requireFeature(request: Request, url: URL, feature: Feature, back?: string): Promise<SessionUser> {
  const user = await requireAccess(request, url);
  if (!can(user, feature)) {
    throw await redirectWithToast(back ?? url.pathname + url.search, {
      title: "Sin permiso",
      message: "Tu usuario no tiene permiso para realizar esta acción.",
      variant: "danger",
    });
  }
  return user;
}
