import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo1234";
export const DEMO = {
  admin: "admin@demo.mx",
  developer: "developer@demo.mx",
  ml_manager: "mlmanager@demo.mx",
  shop_manager: "shopmanager@demo.mx",
  iluminacion: "iluminacion@demo.mx",
  inventory: "inventory@demo.mx",
  practicante: "practicante@demo.mx",
  cajero: "cajero@demo.mx",
  gerente_pdv: "gerentepdv@demo.mx",
  surtido: "surtido@demo.mx",
} as const;
export type DemoRole = keyof typeof DEMO;
/** The session cookie's name (`__Host-` before it over HTTPS): app/lib/auth/session.server.ts. */
const SESSION_COOKIE = "bo_session";

/** Signs in through the real form endpoint; the cookie lands in the page's context. */
export async function signIn(request: APIRequestContext, role: DemoRole) {
  const res = await request.post("/login", {
    form: { email: DEMO[role], password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-in ${role}`).toBe(302);
  return res.headers()["location"];
}

type Cookie = Awaited<ReturnType<BrowserContext["cookies"]>>[number];
/** Session cookies by server and role, kept by this worker process (each Playwright worker is one). */
const keptSessions = new Map<string, Cookie[]>();

/**
 * Signs the context in as `role` on `baseURL` once per worker and hands the session cookie to every
 * later context that asks for that role there: a sign-in is a bcrypt comparison on the server (70 ms
 * of its only thread) and the suite asks for eight hundred. The auth tests sign in and out through
 * the form with sessions of their own; no test signs a kept session out or changes its user.
 */
export async function signInKept(context: BrowserContext, baseURL: string, role: DemoRole) {
  const key = `${baseURL} ${role}`;
  const kept = keptSessions.get(key);
  if (kept) return context.addCookies(kept);
  await signIn(context.request, role);
  keptSessions.set(
    key,
    (await context.cookies()).filter((c) => c.name.endsWith(SESSION_COOKIE)),
  );
}

/**
 * With JavaScript on, a click that lands before hydration can be lost: every goto waits for React.
 * A goto that asks only for the commit (`waitUntil: "commit"`) wants the page before it has loaded.
 */
function gotoWaitsForHydration(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil === "commit") return response;
    // A document of the app must hydrate; a download or an error body has nothing to wait for.
    const html = (response?.headers()["content-type"] ?? "").includes("text/html");
    if (html && response!.ok()) await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
    return response;
  };
}

export const test = base.extend<{ loginAs: (role: DemoRole) => Promise<Page> }>({
  // Every page of the test's context, the first one and those a test opens beside it (another
  // person's tab), waits for hydration after a goto.
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) context.on("page", gotoWaitsForHydration);
    await use(context);
  },
  loginAs: async ({ page, baseURL }, use) => {
    await use(async (role) => {
      await signInKept(page.context(), baseURL!, role);
      return page;
    });
  },
});

export { expect };

export function jsEnabled(testInfo: { project: { use: { javaScriptEnabled?: boolean } } }) {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/** Every POST the page sends from now on (its URL), to show that a check ran in the browser. */
export function postsFrom(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

/**
 * Types `value` into the field and leaves it: `message` shows. A form's checks arrive after the page
 * (app/lib/lazy-validation.ts): the field is typed into once its form says they have (`data-checks`).
 */
export async function expectCheckedOnLeaving(field: Locator, value: string, message: Locator) {
  await expect(field.locator("xpath=ancestor::form[1]")).toHaveAttribute("data-checks", "live");
  await field.fill(value);
  await field.blur();
  await expect(message).toBeVisible();
}

/**
 * With JavaScript, waits until React Router has nothing under way: no navigation, no fetcher (an
 * answer's revalidation included). Without JavaScript every answer is a whole page, already loaded.
 */
export async function routerSettled(page: Page, js: boolean) {
  if (!js) return;
  await expect.poll(async () => (await routerState(page)).settled).toBe(true);
}

/*
 * React Router keeps its data router on `window.__reactRouterDataRouter` (not a documented API): the
 * tests read it, or navigate with it as a <Link> would, only through these two helpers.
 */
type PageRouter = {
  state: { navigation: { state: string }; location: { pathname: string }; fetchers: Map<string, { state: string }> };
  navigate: (to: string) => Promise<void>;
};

/** The router's state in the page: its navigation, where it is, and whether nothing (fetchers included) is under way. */
export function routerState(page: Page) {
  return page.evaluate(() => {
    const { state } = (window as unknown as { __reactRouterDataRouter: PageRouter }).__reactRouterDataRouter;
    const settled = state.navigation.state === "idle" && [...state.fetchers.values()].every((f) => f.state === "idle");
    return { navigation: state.navigation.state, pathname: state.location.pathname, settled };
  });
}

/** A client-side navigation, the one a <Link> makes. */
export function routerNavigate(page: Page, to: string) {
  return page.evaluate((path) => (window as unknown as { __reactRouterDataRouter: PageRouter }).__reactRouterDataRouter.navigate(path), to);
}

/** Both projects (JavaScript on and off) share one database: every test works on names of its own. */
export function uniqueName(prefix: string, project: string) {
  return `${prefix} ${project} ${Date.now().toString(36)}`;
}

/** The toast shows `title` as its heading (exactly) and `message` below it. */
export async function expectToast(page: Page, title: string, message: string) {
  await expect(page.getByTestId("toast").locator("p").first()).toHaveText(title);
  await expect(page.getByTestId("toast")).toContainText(message);
}

/**
 * Holds the app's scripts back until `release` is called, as on a slow connection, and opens `url`
 * without waiting for React (the fixture's goto waits): what is typed or chosen meanwhile lands in
 * the server's page. `hydrated` waits for React to take it over.
 */
export async function beforeScripts(page: Page, url: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.mainFrame().goto(url, { waitUntil: "commit" });
  return {
    hydrated: async () => {
      release();
      await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
    },
  };
}
