import { expect, jsEnabled, test, type DemoRole } from "./fixtures";

/**
 * Every list's "Limpiar Filtros" leaves its boxes showing what the URL says: empty. A box left with
 * the old text would bring the cleared search back with the next Enter. Each list is tried twice: opened on a
 * bookmarked URL that carries the filter (the box drawn by the server), and with the filter typed
 * and applied in the page.
 */
type ListCase = {
  path: string;
  role?: DemoRole;
  /** The box's accessible name, and the URL parameter it writes. */
  box: string;
  param: string;
  value: string;
  /** A date box: filled with YYYY-MM-DD, read back as such. */
  date?: boolean;
  /** Where "Limpiar Filtros" takes the list (the path, plus a tab it keeps). */
  cleared?: RegExp;
};

const LISTS: ListCase[] = [
  { path: "/web-inventory", box: "Buscar", param: "search", value: "KLEIN" },
  { path: "/publications", box: "Buscar", param: "search", value: "Contacto" },
  { path: "/orders", box: "Buscar", param: "search", value: "QO120" },
  { path: "/users", box: "Buscar", param: "search", value: "demo" },
  { path: "/logs", box: "Buscar", param: "search", value: "orden" },
  { path: "/feedback-invoices", box: "Buscar", param: "search", value: "ABC" },
  { path: "/products/quotes", box: "Buscar", param: "search", value: "COT" },
  { path: "/surtido", box: "Buscar", param: "search", value: "A1" },
  { path: "/promotions", box: "Buscar", param: "search", value: "Promo" },
  { path: "/locations", box: "Buscar", param: "search", value: "Centro" },
  { path: "/catalogs", box: "Buscar", param: "search", value: "Cat" },
  { path: "/blog-posts", box: "Buscar", param: "search", value: "Guía" },
  { path: "/chatbot-documents", box: "Buscar", param: "search", value: "asis" },
  { path: "/product-sectors", box: "Buscar", param: "search", value: "Ind" },
  { path: "/product-applications", box: "Buscar", param: "search", value: "Ilum" },
  { path: "/product-categories", box: "Buscar", param: "search", value: "Cable" },
  { path: "/product-brands", box: "Buscar", param: "search", value: "Square" },
  { path: "/theme", role: "developer", box: "Buscar", param: "search", value: "QO" },
  { path: "/questions?tab=history", box: "Id del cliente", param: "search", value: "123", cleared: /\/questions\?tab=history$/ },
  { path: "/messages", box: "Buscar orden", param: "search", value: "2000", cleared: /\/messages$/ },
  { path: "/pdv?tab=historial", box: "Desde", param: "start_date", value: "2026-01-05", date: true, cleared: /\/pdv\?tab=historial$/ },
];

const withParam = (path: string, param: string, value: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${param}=${encodeURIComponent(value)}`;
const urlValue = (c: ListCase) => (c.date ? c.value.replace(/-/g, "/") : c.value);

for (const c of LISTS) {
  test(`${c.path}: "Limpiar Filtros" empties the box, opened on a filtered URL and after filtering in the page`, async ({
    page,
    loginAs,
  }, testInfo) => {
    await loginAs(c.role ?? "admin");
    const cleared = c.cleared ?? new RegExp(`${c.path.replace(/\//g, "\\/")}$`);
    const box = () =>
      page
        .getByRole(c.date ? "textbox" : "searchbox", { name: c.box, exact: true })
        .or(page.getByLabel(c.box, { exact: true }))
        .first();

    // A bookmarked, filtered URL: the server draws the box with the value.
    await page.goto(withParam(c.path, c.param, urlValue(c)));
    await expect(box()).toHaveValue(c.value);
    await page.getByRole("link", { name: "Limpiar Filtros" }).click();
    await expect(page).toHaveURL(cleared);
    await expect(box()).toHaveValue("");

    // Without JavaScript every answer is a page drawn anew from its URL: the first half says it all.
    if (!jsEnabled(testInfo)) return;
    // Typed and applied in the page, then cleared (a list that folds its filters away opens them).
    if (!(await box().isVisible())) await page.getByText("Filtros", { exact: true }).click();
    await box().fill(c.value);
    await box().press("Enter");
    await expect(page).toHaveURL(new RegExp(`[?&]${c.param}=`));
    await page.getByRole("link", { name: "Limpiar Filtros" }).click();
    await expect(page).toHaveURL(cleared);
    await expect(box()).toHaveValue("");
  });
}
