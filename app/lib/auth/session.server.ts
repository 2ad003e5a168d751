import crypto from "node:crypto";
import { createCookie, redirect } from "react-router";
import { eq, lt, or } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { keptReads } from "@server/db/kept-reads";
import { sessions, users } from "@server/db/schema";
import { getEnv } from "@server/env";
import { noteRequestUser, oncePerRequest } from "@server/http/request-scope";
import type { SessionUser } from "~/modules/auth/session-user";
import { userIdentityColumns } from "~/modules/users/identity-columns.server";

/** Idle time after which a session ends; every request within it pushes the end further. */
export const SESSION_IDLE_MS = 10 * 60 * 60 * 1000;
/** However active, a session ends this long after sign-in: a stolen cookie does not live for ever. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Touching the row at most this often keeps reads cheap. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;
const COOKIE_MAX_AGE_S = SESSION_ABSOLUTE_MS / 1000;

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  if (!cookie) {
    const env = getEnv();
    const secure = env.NODE_ENV === "production" && !env.DEMO_MODE;
    // The __Host- prefix makes browsers refuse the cookie unless it is Secure, host-only and for "/",
    // so a sibling subdomain cannot plant or overwrite it.
    cookie = createCookie(secure ? "__Host-bo_session" : "bo_session", {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets: [env.SESSION_SECRET],
      maxAge: COOKIE_MAX_AGE_S,
    });
  }
  return cookie;
}

export type { SessionUser };

export async function createUserSession(userId: number, request: Request) {
  const id = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  await getDb()
    .insert(sessions)
    .values({
      id,
      userId,
      expiresAt: new Date(now + SESSION_IDLE_MS),
      ip: clientIp(request),
      userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
    });
  return sessionCookie().serialize(id);
}

export async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length > 20 ? value : null;
}

// The root, layout and page loaders of one document request all ask for the user: one lookup serves
// them. Remix (and React Router before `v8_passThroughRequests`) gave each loader its own copy of the
// Request, so the HTTP request's scope carries the answer (keyed by the cookie); the WeakMap serves
// callers outside a scope (tests calling a loader).
// A post is left out of the scope: its action may sign in, sign out or change the user, and the
// loaders that run after it must see that.
const perRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user, or null. One query per request; slides the expiry forward. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  if (request.method === "GET" || request.method === "HEAD") {
    return oncePerRequest(`session-user:${request.headers.get("cookie") ?? ""}`, () => lookupOnce(request));
  }
  return lookupOnce(request);
}

function lookupOnce(request: Request): Promise<SessionUser | null> {
  let found = perRequest.get(request);
  if (!found) {
    found = lookupSessionUser(request);
    perRequest.set(request, found);
  }
  return found;
}

/** A session's row and its user's, as kept: whether it still admits requests is decided at each one. */
type SessionRow = Omit<SessionUser, "sessionId"> & { lastSeenAt: Date; expiresAt: Date; createdAt: Date; isActive: boolean };

/**
 * Every request reads its session: on the embedded database the row is kept until a write to
 * sessions or users (a sign-in or out, a touch, a user's change) is announced (server/db/kept-reads.ts).
 */
const keptSessions = keptReads<SessionRow | null>({ channel: "kept_reads", tables: ["sessions", "users"] });

async function readSessionRow(sessionId: string): Promise<SessionRow | null> {
  const [row] = await getDb()
    .select({
      ...userIdentityColumns,
      intelisisAgent: users.intelisisAgent,
      erpUsers: users.erpUsers,
      permissions: users.permissions,
      isActive: users.isActive,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  // Frozen: a kept row serves every later request of the session.
  return row
    ? Object.freeze({
        ...row,
        erpUsers: Object.freeze([...row.erpUsers]) as string[],
        permissions: Object.freeze([...row.permissions]) as string[],
      })
    : null;
}

/** A session admits requests while its user is active, within its idle end and its absolute limit. */
function admits(row: SessionRow, now: Date): boolean {
  return row.isActive && row.expiresAt > now && row.createdAt.getTime() > now.getTime() - SESSION_ABSOLUTE_MS;
}

async function lookupSessionUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const row = await keptSessions.read(sessionId, () => readSessionRow(sessionId));
  const now = new Date();
  if (!row || !admits(row, now)) return null;
  // The access log of this request names the user (server/ops/request-log.ts).
  noteRequestUser(row.id);
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await getDb()
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) })
      .where(eq(sessions.id, sessionId));
  }
  const { lastSeenAt: _seen, expiresAt: _expires, createdAt: _created, isActive: _active, ...user } = row;
  return { ...user, sessionId };
}

export async function destroySession(request: Request) {
  const sessionId = await readSessionId(request);
  if (sessionId) await getDb().delete(sessions).where(eq(sessions.id, sessionId));
  return sessionCookie().serialize("", { maxAge: 0 });
}

export async function logoutRedirect(request: Request, to = "/login") {
  return redirect(to, { headers: { "Set-Cookie": await destroySession(request) } });
}

/**
 * Deletes the sessions no request can use any more (idle past their end, or signed in longer ago than
 * the absolute limit); run by the job runner (app/jobs.server.ts). Returns how many went.
 */
export async function purgeExpiredSessions(now: Date = new Date()): Promise<number> {
  const gone = await getDb()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_MS))))
    .returning({ id: sessions.id });
  return gone.length;
}

/**
 * The address the server saw (server/http/router-handler.ts sets it from the socket, or from the
 * forwarding header of a configured trusted proxy); a client's own X-Forwarded-For is never read.
 */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip")?.trim().slice(0, 64) || "desconocida";
}
