import { extractText, getDocumentProxy } from "unpdf";
import { expect, type Page } from "@playwright/test";

/** Picks an ERP client: a GET search and "Elegir" without JavaScript, the combobox with it. */
export async function chooseClient(page: Page, js: boolean, key: string, name: string) {
  if (js) {
    await page.getByRole("combobox", { name: "Cliente" }).fill(key);
    await page.getByRole("option", { name: new RegExp(name) }).click();
  } else {
    await page.getByLabel("Cliente", { exact: true }).fill(key);
    await page.getByRole("button", { name: "Buscar cliente" }).click();
    await page.getByRole("button", { name: `Elegir ${name}` }).click();
  }
  await expect(page.getByTestId("current-client")).toContainText(name);
}

/** The amount as the PDF prints it (es-MX, two decimals). */
export const pdfAmount = (cents: number) => (cents / 100).toLocaleString("es-MX", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Downloads the draft's PDF and Excel with the page's session; the PDF's text must hold `expected`. */
export async function checkDocuments(page: Page, expected: string) {
  const pdf = await page.request.get("/products/quotation.pdf");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  const proxy = await getDocumentProxy(new Uint8Array(await pdf.body()));
  expect(proxy.numPages).toBe(1);
  const { text } = await extractText(proxy, { mergePages: true });
  expect(text).toContain(expected);
  expect(text).toContain("Página 1 de 1");
  const xlsx = await page.request.get("/products/quotation.xlsx");
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()["content-type"]).toContain("spreadsheetml");
  // A real .xlsx is a zip archive.
  expect((await xlsx.body()).subarray(0, 2).toString()).toBe("PK");
}
