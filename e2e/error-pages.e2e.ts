import { expect, jsEnabled, routerNavigate, test } from "./fixtures";

// The Spanish error pages show the id of the request that failed (X-Request-Id), for staff to quote:
// it finds the request's lines in the server's log (docs/operations.md, "Logs").
test("an error page shows the code of the request that failed", async ({ page, loginAs }, testInfo) => {
  await loginAs("admin");
  const response = await page.goto("/product-categories/123/nada");
  const documentId = response!.headers()["x-request-id"];
  expect(documentId).toMatch(/^[0-9a-f]{16}$/);
  await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404");
  await expect(page.getByTestId("request-id")).toHaveText(`Código de la solicitud: ${documentId}`);
  if (!jsEnabled(testInfo)) return;

  // After a navigation in the browser the page's own id would name the wrong request: the code is
  // the one of the data request that failed.
  await page.goto("/products");
  const failed = page.waitForResponse((r) => new URL(r.url()).pathname === "/product-categories/123/otra.data");
  await routerNavigate(page, "/product-categories/123/otra");
  const dataId = (await failed).headers()["x-request-id"];
  expect(dataId).toMatch(/^[0-9a-f]{16}$/);
  expect(dataId).not.toBe(documentId);
  await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404");
  await expect(page.getByTestId("request-id")).toHaveText(`Código de la solicitud: ${dataId}`);
});

test("a request refused before the app reads it shows its code too", async ({ page }) => {
  const response = await page.goto("/orders?_data=routes%2F_app");
  expect(response!.status()).toBe(400);
  const id = response!.headers()["x-request-id"];
  await expect(page.getByText(`Código de la solicitud: ${id}`)).toBeVisible();
});
