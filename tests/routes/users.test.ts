import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, sessions, users } from "../../server/db/schema";
import { loader as listLoader } from "~/routes/users/route";
import { action as createAction, loader as newLoader } from "~/routes/users/new";
import { action as editAction, loader as editLoader } from "~/routes/users/$userId";
import { attemptLogin } from "~/modules/auth/login.server";
import { resetRateLimits } from "~/modules/auth/rate-limit.server";
import { getSessionUser } from "~/lib/auth/session.server";
import { readToast } from "~/lib/toast.server";
import { createUser, regenerateConfirmCode } from "~/modules/users/users.server";
import { useTestDatabase } from "../helpers/db";
import { onPostgresPass } from "../helpers/template";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { expectRolesSentHome } from "../helpers/sent-home";
import { routeArgs } from "../helpers/route-args";

const database = await useTestDatabase();

type Reply = { status?: string; error?: Record<string, string[] | null> | null };
type ActionOut = { data: { result: Reply; intent?: string }; init: { status: number } };

let seq = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}`;

async function list(path: string, cookie: string) {
  return settle(() => listLoader(routeArgs({ request: makeRequest(path, { cookie }), params: {} })));
}

async function create(form: Record<string, string | string[]>, cookie: string, path = "/users/new") {
  return settle(() => createAction(routeArgs({ request: makeRequest(path, { cookie, form }), params: {} })));
}

async function edit(id: number | string, form: Record<string, string | string[]>, cookie: string, query = "") {
  return settle(() =>
    editAction(routeArgs({ request: makeRequest(`/users/${id}${query}`, { cookie, form }), params: { userId: String(id) } })),
  );
}

async function openEdit(id: number | string, cookie: string) {
  return settle(() => editLoader(routeArgs({ request: makeRequest(`/users/${id}`, { cookie }), params: { userId: String(id) } })));
}

function validUser(overrides: Record<string, string | string[]> = {}) {
  return {
    firstName: "Lucía",
    lastName: "Ortega",
    email: `${unique("lucia.")}@Empresa.MX`,
    phone: "55 1234 5678",
    role: "ml_manager",
    erpUsers: "VENTAS1, VENTAS2\nVENTAS3",
    intelisisAgent: "LORT",
    permissions: ["sales_reports", "messages_access"],
    isActive: "on",
    password: "segura123",
    confirmPassword: "segura123",
    ...overrides,
  };
}

function profileForm(u: typeof users.$inferSelect, overrides: Record<string, string | string[]> = {}) {
  return {
    intent: "save",
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone ?? "",
    role: u.role,
    level: u.level == null ? "" : String(u.level),
    erpUsers: u.erpUsers.join("\n"),
    intelisisAgent: u.intelisisAgent ?? "",
    permissions: u.permissions,
    ...(u.isActive ? { isActive: "on" } : {}),
    ...overrides,
  };
}

async function userById(id: number) {
  const [row] = await getDb().select().from(users).where(eq(users.id, id));
  return row;
}

async function auditFor(id: number) {
  return getDb()
    .select()
    .from(auditLog)
    .where(eq(auditLog.identifier, String(id)))
    .orderBy(auditLog.id);
}

async function toastOf(res: Response) {
  const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0];
  return (await readToast(new Request("http://localhost/", { headers: { cookie } }))).toast;
}

function location(res: unknown) {
  expect(res).toBeInstanceOf(Response);
  return (res as Response).headers.get("Location");
}

describe("/users access", () => {
  it("lets Admin and Developer in", async () => {
    for (const role of ["admin", "developer"] as const) {
      const { cookie } = await loginAs(role);
      const res = await list("/users", cookie);
      expect(res).toMatchObject({ page: 1, pageSize: 20 });
      // The dialog opens with its fields' browser checks (a password of at least 8 characters).
      expect(await settle(() => newLoader(routeArgs({ request: makeRequest("/users/new", { cookie }), params: {} })))).toMatchObject({
        constraint: { email: { required: true }, password: { required: true, minLength: 8 } },
      });
    }
  });

  it("sends every other role to its home, for loaders and actions", async () => {
    const homes = {
      ml_manager: "/products",
      shop_manager: "/products",
      inventory: "/products",
      cajero: "/pdv",
      gerente_pdv: "/pdv",
      surtido: "/surtido",
    } as const;
    await expectRolesSentHome(Object.entries(homes) as Array<[keyof typeof homes, string]>, {
      list: ({ cookie }) => list("/users", cookie),
      create: ({ cookie }) => create(validUser(), cookie),
      deactivate: ({ cookie, user }) => edit(user.id, { intent: "deactivate" }, cookie),
    });
  });

  it("sends anonymous visitors to sign in", async () => {
    const res = await settle(() => listLoader(routeArgs({ request: makeRequest("/users?page=2"), params: {} })));
    expect(location(res)).toBe("/login?redirectTo=%2Fusers%3Fpage%3D2");
  });
});

describe("/users list", () => {
  const tag = unique("zq");
  let cookie = "";

  beforeEach(async () => {
    if (cookie) return;
    cookie = (await loginAs("admin")).cookie;
    const rows = Array.from({ length: 25 }, (_, i) => ({
      email: `${tag}.${String(i).padStart(2, "0")}@lista.mx`,
      firstName: i % 2 ? "Rosa" : "Raúl",
      lastName: `${tag} Apellido${String(i).padStart(2, "0")}`,
      role: i < 5 ? "cajero" : "inventory",
      isActive: i % 5 !== 0,
      passwordHash: "x",
    }));
    await getDb().insert(users).values(rows);
  });

  it("searches name and e-mail without regard to case and pages by 20 in the database", async () => {
    const first = (await list(`/users?search=${tag.toUpperCase()}`, cookie)) as Awaited<ReturnType<typeof listLoader>>;
    expect(first.total).toBe(25);
    expect(first.rows).toHaveLength(20);
    const second = (await list(`/users?search=${tag}&page=2`, cookie)) as Awaited<ReturnType<typeof listLoader>>;
    expect(second.total).toBe(25);
    expect(second.rows).toHaveLength(5);
    const ids = new Set([...first.rows, ...second.rows].map((r) => r.id));
    expect(ids.size).toBe(25);
    const byEmail = (await list(`/users?search=${tag}.07@lista`, cookie)) as Awaited<ReturnType<typeof listLoader>>;
    expect(byEmail.rows.map((r) => r.email)).toEqual([`${tag}.07@lista.mx`]);
    const twoWords = (await list(`/users?search=rosa+${tag}`, cookie)) as Awaited<ReturnType<typeof listLoader>>;
    expect(twoWords.total).toBe(12);
    const beyond = (await list(`/users?search=${tag}&page=9`, cookie)) as unknown as Response;
    expect(beyond.status).toBe(302);
    expect(beyond.headers.get("Location")).toBe(`/users?search=${tag}&page=2`);
  });

  it("treats % and _ literally", async () => {
    const res = (await list(`/users?search=%25`, cookie)) as Awaited<ReturnType<typeof listLoader>>;
    expect(res.total).toBe(0);
  });

  it("filters by role and status", async () => {
    const cashiers = (await list(`/users?search=${tag}&role=cajero`, cookie)) as Awaited<ReturnType<typeof listLoader>>;
    expect(cashiers.total).toBe(5);
    const inactive = (await list(`/users?search=${tag}&status=inactive`, cookie)) as Awaited<ReturnType<typeof listLoader>>;
    expect(inactive.total).toBe(5);
    expect(inactive.rows.every((r) => !r.isActive)).toBe(true);
    const active = (await list(`/users?search=${tag}&status=active&role=inventory`, cookie)) as Awaited<ReturnType<typeof listLoader>>;
    expect(active.total).toBe(16);
  });

  it("sorts by the column in the URL", async () => {
    const desc = (await list(`/users?search=${tag}&sortName=email&sortValue=desc`, cookie)) as Awaited<ReturnType<typeof listLoader>>;
    expect(desc.rows[0].email).toBe(`${tag}.24@lista.mx`);
    const asc = (await list(`/users?search=${tag}&sortName=email&sortValue=asc`, cookie)) as Awaited<ReturnType<typeof listLoader>>;
    expect(asc.rows[0].email).toBe(`${tag}.00@lista.mx`);
  });

  it("falls back to defaults for malformed parameters", async () => {
    const res = (await list(`/users?search=${tag}&page=abc&role=jefe&status=x&sortName=hack&sortValue=up`, cookie)) as Awaited<
      ReturnType<typeof listLoader>
    >;
    expect(res.page).toBe(1);
    expect(res.total).toBe(25);
    expect(res.query).toMatchObject({ role: undefined, status: undefined, sortName: undefined });
  });
});

describe("creating users", () => {
  it("creates a user, keeps the list query and audits it", async () => {
    const { cookie, user: admin } = await loginAs("admin");
    const form = validUser();
    const res = await create(form, cookie, "/users/new?search=ana&page=2");
    expect(location(res)).toBe("/users?search=ana&page=2");
    expect(await toastOf(res as Response)).toMatchObject({ title: "Usuario creado", variant: "success" });
    const [row] = await getDb()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${form.email.toLowerCase()}`);
    expect(row).toMatchObject({
      email: form.email.toLowerCase(),
      firstName: "Lucía",
      role: "ml_manager",
      level: null,
      erpUsers: ["VENTAS1", "VENTAS2", "VENTAS3"],
      permissions: ["sales_reports", "messages_access"],
      isActive: true,
      phone: "55 1234 5678",
    });
    await resetRateLimits();
    expect(await attemptLogin(form.email, "segura123", "10.0.0.1")).toMatchObject({ ok: true, userId: row.id });
    const entries = await auditFor(row.id);
    expect(entries[0]).toMatchObject({ type: "create", userId: admin.id, tags: ["users"] });
    expect(JSON.stringify(entries[0].detail)).not.toMatch(/segura123|\$2[aby]\$/);
  });

  it("answers 400 with Spanish field errors", async () => {
    const { cookie } = await loginAs("admin");
    const res = (await create(
      { firstName: "", email: "no-es-correo", role: "jefe", password: "corta", confirmPassword: "otra", phone: "abc" },
      cookie,
    )) as unknown as ActionOut;
    expect(res.init.status).toBe(400);
    const error = res.data.result.error ?? {};
    expect(error.firstName).toEqual(["Ingresa el nombre"]);
    expect(error.email).toEqual(["Ingresa un correo electrónico válido"]);
    expect(error.role).toEqual(["Selecciona un rol válido"]);
    expect(error.password?.[0]).toMatch(/al menos 8 caracteres/);
    expect(error.phone?.[0]).toMatch(/teléfono/i);
    expect(JSON.stringify(res.data.result)).not.toContain("corta");
  });

  it("requires matching passwords", async () => {
    const { cookie } = await loginAs("admin");
    const res = (await create(validUser({ confirmPassword: "diferente1" }), cookie)) as unknown as ActionOut;
    expect(res.init.status).toBe(400);
    expect(res.data.result.error?.confirmPassword).toEqual(["Las contraseñas no coinciden"]);
  });

  it("requires a 1–9 level for Surtido and clears it for other roles", async () => {
    const { cookie } = await loginAs("admin");
    const missing = (await create(validUser({ role: "surtido", level: "" }), cookie)) as unknown as ActionOut;
    expect(missing.init.status).toBe(400);
    expect(missing.data.result.error?.level?.[0]).toMatch(/obligatorio para Surtido/);
    const outOfRange = (await create(validUser({ role: "surtido", level: "10" }), cookie)) as unknown as ActionOut;
    expect(outOfRange.data.result.error?.level?.[0]).toMatch(/entre 1 y 9/);

    const surtido = validUser({ role: "surtido", level: "4" });
    expect(location(await create(surtido, cookie))).toBe("/users");
    const other = validUser({ role: "cajero", level: "4" });
    expect(location(await create(other, cookie))).toBe("/users");
    const rows = await getDb()
      .select({ email: users.email, level: users.level })
      .from(users)
      .where(sql`${users.email} in (${surtido.email.toLowerCase()}, ${other.email.toLowerCase()})`);
    expect(Object.fromEntries(rows.map((r) => [r.email, r.level]))).toEqual({
      [surtido.email.toLowerCase()]: 4,
      [other.email.toLowerCase()]: null,
    });
  });

  it("refuses a duplicate e-mail whatever its case", async () => {
    const { user: existing } = await loginAs("cajero");
    const { cookie } = await loginAs("developer");
    const res = (await create(validUser({ email: existing.email.toUpperCase() }), cookie)) as unknown as ActionOut;
    expect(res.init.status).toBe(400);
    expect(res.data.result.error?.email).toEqual(["Ya existe un usuario con ese correo electrónico."]);
  });
});

describe("editing users", () => {
  it("opens the dialog data without the password hash", async () => {
    const { cookie } = await loginAs("admin");
    const { user } = await loginAs("ml_manager", { confirmCodePdv: "abc12" });
    const res = (await openEdit(user.id, cookie)) as { user: Record<string, unknown>; isSelf: boolean };
    expect(res.user).toMatchObject({ id: user.id, email: user.email, confirmCodePdv: "abc12" });
    expect(res.user).not.toHaveProperty("passwordHash");
    expect(res.isSelf).toBe(false);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const { cookie } = await loginAs("admin");
    for (const id of ["999999", "abc", "-3", "1.5"]) {
      const res = await openEdit(id, cookie);
      expect(res).toBeInstanceOf(Response);
      expect((res as Response).status).toBe(404);
    }
    const posted = await edit(999999, { intent: "deactivate" }, cookie);
    expect((posted as Response).status).toBe(404);
    const saved = await edit(999999, profileForm({ ...(await loginAs("cajero")).user }, { email: `${unique("x")}@x.mx` }), cookie);
    expect((saved as Response).status).toBe(404);
  });

  it("saves the profile, records the changes and returns to the list with its query", async () => {
    const { cookie, user: admin } = await loginAs("admin");
    const { user } = await loginAs("ml_manager", { permissions: ["sales_reports"] });
    const res = await edit(
      user.id,
      profileForm(user, { firstName: "Mariana", role: "surtido", level: "7", permissions: ["question_moderation"], erpUsers: "A1;A2" }),
      cookie,
      "?sortName=email",
    );
    expect(location(res)).toBe("/users?sortName=email");
    expect(await toastOf(res as Response)).toMatchObject({ title: "Usuario actualizado", variant: "success" });
    expect(await userById(user.id)).toMatchObject({
      firstName: "Mariana",
      role: "surtido",
      level: 7,
      permissions: ["question_moderation"],
      erpUsers: ["A1", "A2"],
    });
    const [entry] = (await auditFor(user.id)).filter((e) => e.type === "update");
    expect(entry.userId).toBe(admin.id);
    expect(entry.detail).toMatchObject({
      changes: { firstName: { from: "Prueba", to: "Mariana" }, role: { from: "ml_manager", to: "surtido" } },
    });
  });

  it("refuses another user's e-mail on edit", async () => {
    const { cookie } = await loginAs("admin");
    const { user: a } = await loginAs("cajero");
    const { user: b } = await loginAs("cajero");
    const res = (await edit(a.id, profileForm(a, { email: b.email.toUpperCase() }), cookie)) as unknown as ActionOut;
    expect(res.init.status).toBe(400);
    expect(res.data.intent).toBe("save");
    expect(res.data.result.error?.email).toEqual(["Ya existe un usuario con ese correo electrónico."]);
  });

  it("keeps an admin from deactivating or demoting themselves", async () => {
    const { cookie, user: admin } = await loginAs("admin");
    const viaButton = (await edit(admin.id, { intent: "deactivate" }, cookie)) as unknown as ActionOut;
    expect(viaButton.init.status).toBe(400);
    expect(viaButton.data.result.error?.[""]).toEqual(["No puedes desactivar tu propio usuario."]);
    const form = profileForm(admin, { role: "cajero" });
    delete (form as Record<string, unknown>).isActive;
    const viaForm = (await edit(admin.id, form, cookie)) as unknown as ActionOut;
    expect(viaForm.init.status).toBe(400);
    expect(viaForm.data.result.error?.isActive).toEqual(["No puedes desactivar tu propio usuario."]);
    expect(viaForm.data.result.error?.role?.[0]).toMatch(/propio rol/);
    expect(await userById(admin.id)).toMatchObject({ isActive: true, role: "admin" });
  });

  it("rejects an unknown intent", async () => {
    const { cookie } = await loginAs("admin");
    const { user } = await loginAs("cajero");
    const res = await edit(user.id, { intent: "borrar" }, cookie);
    expect((res as Response).status).toBe(400);
  });
});

describe("password reset", () => {
  beforeEach(() => resetRateLimits());

  it("sets a new password that signs in, ends the user's sessions and audits", async () => {
    const { cookie } = await loginAs("admin");
    const target = await loginAs("cajero");
    const res = await edit(
      target.user.id,
      { intent: "reset-password", password: "nueva-clave-1", confirmPassword: "nueva-clave-1" },
      cookie,
    );
    expect(location(res)).toBe("/users");
    expect(await attemptLogin(target.user.email, "nueva-clave-1", "10.1.1.1")).toMatchObject({ ok: true, userId: target.user.id });
    expect(await attemptLogin(target.user.email, "demo1234", "10.1.1.2")).toMatchObject({ ok: false });
    expect(await getSessionUser(makeRequest("/", { cookie: target.cookie }))).toBeNull();
    const entries = await auditFor(target.user.id);
    expect(entries.some((e) => e.message.startsWith("Contraseña restablecida") && e.tags.includes("password"))).toBe(true);
    expect(JSON.stringify(entries)).not.toContain("nueva-clave-1");
  });

  it("keeps the admin's own session when they reset their own password", async () => {
    const { cookie, user } = await loginAs("admin");
    expect(
      location(await edit(user.id, { intent: "reset-password", password: "otra-clave-2", confirmPassword: "otra-clave-2" }, cookie)),
    ).toBe("/users");
    expect(await getSessionUser(makeRequest("/", { cookie }))).toMatchObject({ id: user.id });
  });

  it("asks for 8 characters and a matching confirmation", async () => {
    const { cookie } = await loginAs("admin");
    const { user } = await loginAs("cajero");
    const short = (await edit(
      user.id,
      { intent: "reset-password", password: "1234567", confirmPassword: "1234567" },
      cookie,
    )) as unknown as ActionOut;
    expect(short.init.status).toBe(400);
    expect(short.data.intent).toBe("reset-password");
    expect(short.data.result.error?.password).toEqual(["La contraseña debe tener al menos 8 caracteres"]);
    const mismatch = (await edit(
      user.id,
      { intent: "reset-password", password: "12345678", confirmPassword: "12345679" },
      cookie,
    )) as unknown as ActionOut;
    expect(mismatch.data.result.error?.confirmPassword).toEqual(["Las contraseñas no coinciden"]);
    expect(JSON.stringify(mismatch.data.result)).not.toContain("12345678");
  });
});

describe("PDV confirmation code", () => {
  it("generates a 5-character lowercase code, shows it and audits without it", async () => {
    const { cookie } = await loginAs("developer");
    const { user } = await loginAs("gerente_pdv");
    const res = await edit(user.id, { intent: "confirm-code" }, cookie, "?page=2");
    expect(location(res)).toBe(`/users/${user.id}?page=2`);
    const code = (await userById(user.id)).confirmCodePdv;
    expect(code).toMatch(/^[a-z0-9]{5}$/);
    expect((await toastOf(res as Response))?.message).toContain(code!);
    const opened = (await openEdit(user.id, cookie)) as { user: { confirmCodePdv: string } };
    expect(opened.user.confirmCodePdv).toBe(code);
    const entry = (await auditFor(user.id)).find((e) => e.tags.includes("confirm-code"));
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain(code!);
  });

  it("never repeats a code held by another user (or the previous one)", async () => {
    const { user: holder } = await loginAs("gerente_pdv", { confirmCodePdv: "aaaaa" });
    const { user } = await loginAs("gerente_pdv", { confirmCodePdv: "bbbbb" });
    const draws = ["aaaaa", "bbbbb", "ccccc"];
    const result = await regenerateConfirmCode(user.id, { id: holder.id, role: holder.role }, () => draws.shift()!);
    expect(result).toMatchObject({ ok: true, value: { code: "ccccc" } });
    expect((await userById(user.id)).confirmCodePdv).toBe("ccccc");
  });

  it("keeps codes unique across many users", async () => {
    const { cookie } = await loginAs("admin");
    const ids: number[] = [];
    for (let i = 0; i < 15; i++) ids.push((await loginAs("cajero")).user.id);
    for (const id of ids) await edit(id, { intent: "confirm-code" }, cookie);
    const [row] = await database.query<{ n: number; d: number }>(
      "select count(*)::int n, count(distinct confirm_code_pdv)::int d from users where confirm_code_pdv is not null",
    );
    expect(row.n).toBe(row.d);
  });
});

describe("deactivation", () => {
  beforeEach(() => resetRateLimits());

  it("deactivates, ends every session of the user, refuses sign-in and audits", async () => {
    const { cookie, user: admin } = await loginAs("admin");
    const target = await loginAs("inventory");
    const second = await getDb()
      .insert(sessions)
      .values({ id: `s-${unique("x")}-${"y".repeat(30)}`, userId: target.user.id, expiresAt: new Date(Date.now() + 3600_000) })
      .returning();
    expect(second).toHaveLength(1);
    expect(await getSessionUser(makeRequest("/", { cookie: target.cookie }))).not.toBeNull();

    const res = await edit(target.user.id, { intent: "deactivate" }, cookie);
    expect(location(res)).toBe(`/users/${target.user.id}`);
    expect(await toastOf(res as Response)).toMatchObject({ title: "Usuario desactivado" });
    expect((await userById(target.user.id)).isActive).toBe(false);
    const [{ n }] = await database.query<{ n: number }>("select count(*)::int n from sessions where user_id = $1", [target.user.id]);
    expect(n).toBe(0);
    expect(await getSessionUser(makeRequest("/", { cookie: target.cookie }))).toBeNull();
    expect(await attemptLogin(target.user.email, "demo1234", "10.2.2.2")).toMatchObject({ ok: false });
    const entry = (await auditFor(target.user.id)).find((e) => e.tags.includes("deactivate"));
    expect(entry).toMatchObject({ userId: admin.id, detail: { endedSessions: 2 } });

    expect(location(await edit(target.user.id, { intent: "reactivate" }, cookie))).toBe(`/users/${target.user.id}`);
    expect((await userById(target.user.id)).isActive).toBe(true);
    expect(await attemptLogin(target.user.email, "demo1234", "10.2.2.3")).toMatchObject({ ok: true });
  });

  it("ends the sessions too when the profile form unticks 'activo'", async () => {
    const { cookie } = await loginAs("admin");
    const target = await loginAs("practicante");
    const form = profileForm(target.user);
    delete (form as Record<string, unknown>).isActive;
    expect(location(await edit(target.user.id, form, cookie))).toBe("/users");
    expect(await getSessionUser(makeRequest("/", { cookie: target.cookie }))).toBeNull();
    expect((await userById(target.user.id)).isActive).toBe(false);
  });
});

describe("Developer accounts are a Developer's to manage", () => {
  const ACCOUNT = "Solo un Developer puede modificar esta cuenta.";
  const ROLE = "Solo un Developer puede asignar el rol Developer.";
  beforeEach(() => resetRateLimits());

  /** A refusal of a change to a Developer's account: back to its dialog with a danger toast. */
  async function expectAccountRefused(res: unknown, id: number) {
    expect(location(res)).toBe(`/users/${id}`);
    expect(await toastOf(res as Response)).toMatchObject({ title: "Sin permiso", message: ACCOUNT, variant: "danger" });
  }
  async function sessionsOf(id: number) {
    const [{ n }] = await database.query<{ n: number }>("select count(*)::int n from sessions where user_id = $1", [id]);
    return n;
  }

  it("an Admin's dialogs do not offer the Developer role; a Developer's do", async () => {
    const admin = await loginAs("admin");
    const developer = await loginAs("developer");
    const { user: cajero } = await loginAs("cajero");
    const rolesOf = async (answer: Promise<unknown>) => ((await answer) as { roles: string[] }).roles;
    const openNew = (cookie: string) => settle(() => newLoader(routeArgs({ request: makeRequest("/users/new", { cookie }), params: {} })));
    expect(await rolesOf(openNew(admin.cookie))).not.toContain("developer");
    expect(await rolesOf(openEdit(cajero.id, admin.cookie))).not.toContain("developer");
    expect(await rolesOf(openNew(developer.cookie))).toContain("developer");
    expect(await rolesOf(openEdit(cajero.id, developer.cookie))).toContain("developer");
  });

  it("an Admin opens a Developer's dialog read-only, without the Developer's PDV code", async () => {
    const { cookie } = await loginAs("admin");
    const { user } = await loginAs("developer", { confirmCodePdv: "dev12" });
    const opened = (await openEdit(user.id, cookie)) as { mayChange: boolean; user: { role: string; confirmCodePdv: string | null } };
    expect(opened).toMatchObject({ mayChange: false, user: { role: "developer", confirmCodePdv: null } });
    const byDeveloper = (await openEdit(user.id, (await loginAs("developer")).cookie)) as typeof opened;
    expect(byDeveloper).toMatchObject({ mayChange: true, user: { confirmCodePdv: "dev12" } });
  });

  it("refuses an Admin creating a Developer: a field error on the role, no row, no audit", async () => {
    const { cookie } = await loginAs("admin");
    const form = validUser({ role: "developer" });
    const res = (await create(form, cookie)) as unknown as ActionOut;
    expect(res.init.status).toBe(400);
    expect(res.data.result.error?.role).toEqual([ROLE]);
    const rows = await getDb()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${form.email.toLowerCase()}`);
    expect(rows).toHaveLength(0);
    const [{ n }] = await database.query<{ n: number }>("select count(*)::int n from audit_log where message = $1", [
      `Usuario creado: ${form.email.toLowerCase()}`,
    ]);
    expect(n).toBe(0);
  });

  it("lets a Developer create a Developer, audited as before", async () => {
    const { cookie, user: developer } = await loginAs("developer");
    const form = validUser({ role: "developer" });
    expect(location(await create(form, cookie))).toBe("/users");
    const [row] = await getDb()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${form.email.toLowerCase()}`);
    expect(row.role).toBe("developer");
    expect((await auditFor(row.id))[0]).toMatchObject({ type: "create", userId: developer.id });
  });

  it("refuses an Admin promoting a user to Developer: a field error on the role, the row unchanged, no audit", async () => {
    const { cookie } = await loginAs("admin");
    const { user } = await loginAs("cajero");
    const res = (await edit(user.id, profileForm(user, { role: "developer", firstName: "Ascendido" }), cookie)) as unknown as ActionOut;
    expect(res.init.status).toBe(400);
    expect(res.data.intent).toBe("save");
    expect(res.data.result.error?.role).toEqual([ROLE]);
    expect(await userById(user.id)).toMatchObject({ role: "cajero", firstName: "Prueba" });
    expect(await auditFor(user.id)).toHaveLength(0);
  });

  it("lets a Developer promote a user to Developer", async () => {
    const { cookie, user: developer } = await loginAs("developer");
    const { user } = await loginAs("cajero");
    expect(location(await edit(user.id, profileForm(user, { role: "developer" }), cookie))).toBe("/users");
    expect((await userById(user.id)).role).toBe("developer");
    expect((await auditFor(user.id))[0]).toMatchObject({
      type: "update",
      userId: developer.id,
      detail: { changes: { role: { from: "cajero", to: "developer" } } },
    });
  });

  it("refuses every change an Admin posts to a Developer's account and writes nothing", async () => {
    const { cookie } = await loginAs("admin");
    const target = await loginAs("developer", { confirmCodePdv: "dev34" });
    const id = target.user.id;
    const before = await userById(id);

    await expectAccountRefused(await edit(id, profileForm(before, { firstName: "Cambiado" }), cookie), id);
    await expectAccountRefused(await edit(id, profileForm(before, { role: "cajero" }), cookie), id);
    await expectAccountRefused(
      await edit(id, { intent: "reset-password", password: "tomada-123", confirmPassword: "tomada-123" }, cookie),
      id,
    );
    await expectAccountRefused(await edit(id, { intent: "deactivate" }, cookie), id);
    await expectAccountRefused(await edit(id, { intent: "confirm-code" }, cookie), id);

    expect(await userById(id)).toEqual(before);
    expect(await auditFor(id)).toHaveLength(0);
    expect(await sessionsOf(id)).toBe(1);
    expect(await attemptLogin(target.user.email, "tomada-123", "10.3.3.1")).toMatchObject({ ok: false });
    expect(await attemptLogin(target.user.email, "demo1234", "10.3.3.2")).toMatchObject({ ok: true });
  });

  it("refuses an Admin reactivating an inactive Developer", async () => {
    const { cookie } = await loginAs("admin");
    const { user } = await loginAs("developer", { isActive: false });
    await expectAccountRefused(await edit(user.id, { intent: "reactivate" }, cookie), user.id);
    expect((await userById(user.id)).isActive).toBe(false);
    expect(await auditFor(user.id)).toHaveLength(0);
  });

  it("lets a Developer edit, reset, regenerate the code of, deactivate and reactivate another Developer", async () => {
    const { cookie, user: developer } = await loginAs("developer");
    const target = await loginAs("developer", { confirmCodePdv: "dev56" });
    const id = target.user.id;

    expect(location(await edit(id, profileForm(target.user, { firstName: "Renombrado" }), cookie))).toBe("/users");
    expect(location(await edit(id, { intent: "reset-password", password: "nueva-dev-1", confirmPassword: "nueva-dev-1" }, cookie))).toBe(
      "/users",
    );
    expect(location(await edit(id, { intent: "confirm-code" }, cookie))).toBe(`/users/${id}`);
    expect(location(await edit(id, { intent: "deactivate" }, cookie))).toBe(`/users/${id}`);
    expect(await userById(id)).toMatchObject({ firstName: "Renombrado", isActive: false });
    expect((await userById(id)).confirmCodePdv).not.toBe("dev56");
    expect(location(await edit(id, { intent: "reactivate" }, cookie))).toBe(`/users/${id}`);
    expect(await attemptLogin(target.user.email, "nueva-dev-1", "10.4.4.1")).toMatchObject({ ok: true });
    const changes = (await auditFor(id)).filter((e) => e.tags.includes("users"));
    expect(changes.map((e) => e.userId)).toEqual(Array(5).fill(developer.id));
  });

  it("keeps the command line (no signed-in user) able to create a Developer", async () => {
    const email = `${unique("cli.dev.")}@empresa.mx`;
    const created = await createUser(
      {
        email,
        firstName: "Primer",
        lastName: "",
        phone: null,
        role: "developer",
        level: null,
        password: "clave-segura",
        intelisisAgent: null,
        erpUsers: [],
        permissions: [],
        isActive: true,
      },
      null,
    );
    expect(created).toMatchObject({ ok: true });
    const [row] = await getDb().select().from(users).where(eq(users.email, email));
    expect(row.role).toBe("developer");
  });
});

// The command runs on an embedded database of its own data directory (DATABASE_URL is emptied): a
// PostgreSQL pass would repeat the same four processes, so it runs in the embedded pass only.
describe.skipIf(onPostgresPass)("npm run user:create", () => {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const run = (args: string[], dataDir: string) =>
    spawnSync(tsx, ["cli/user-create.ts", ...args], {
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "development" },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 60_000,
    });

  it("fails with a clear message when flags are missing and there is no terminal", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bo-cli-"));
    try {
      const out = run(["--email", "x@y.mx"], dir);
      expect(out.status).toBe(1);
      expect(out.stderr).toContain("Faltan opciones: --first-name, --role, --password");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("validates, migrates, creates and prints the id; refuses the same e-mail again", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bo-cli-"));
    try {
      const args = ["--email", "Primer@Admin.mx", "--first-name", "Primer", "--role", "admin", "--password", "clave-segura"];
      const bad = run([...args.slice(0, 6), "--password", "corta"], dir);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain("al menos 8 caracteres");
      const ok = run(args, dir);
      expect(ok.stderr).toContain("Usuario creado: primer@admin.mx");
      expect(ok.status).toBe(0);
      expect(ok.stdout.trim()).toMatch(/^\d+$/);
      const again = run(args, dir);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain("Ya existe un usuario con ese correo electrónico.");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
