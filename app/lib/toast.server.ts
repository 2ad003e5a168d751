import { createCookieSessionStorage, redirect } from "react-router";
import { getEnv } from "@server/env";
import { ToastSchema, type Toast, type ToastInput } from "./toast";

const KEY = "toast";
let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: unknown }>> | undefined;

function toastStorage() {
  if (!storage) {
    const env = getEnv();
    storage = createCookieSessionStorage<Record<string, never>, { toast: unknown }>({
      cookie: {
        name: "bo_toast",
        sameSite: "lax",
        path: "/",
        httpOnly: true,
        secrets: [env.SESSION_SECRET],
        secure: env.NODE_ENV === "production" && !env.DEMO_MODE,
      },
    });
  }
  return storage;
}

export async function toastCookie(toast: ToastInput, request?: Request) {
  const session = await toastStorage().getSession(request?.headers.get("cookie"));
  session.flash(KEY, ToastSchema.parse(toast));
  return toastStorage().commitSession(session);
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the flashed toast; the returned header must be sent with the response. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit | null }> {
  const session = await toastStorage().getSession(request.headers.get("cookie"));
  const raw = session.get(KEY);
  if (!raw) return { toast: null, headers: null };
  const parsed = ToastSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    headers: { "Set-Cookie": await toastStorage().destroySession(session) },
  };
}
