import { expect, test, expectToast } from "./fixtures";

// Both projects (JavaScript on and off) share one database: every run works on an assistant of its own.
const PDF = Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

test("an assistant is created, gets a sheet, answers in the chat and is deleted", async ({ page, loginAs }, testInfo) => {
  // Several uploads and renders in one flow: slower than one page on a busy two-core machine.
  test.setTimeout(60_000);
  await loginAs("admin");
  const name = `E2E_${testInfo.project.name.replace(/\W/g, "_")}_${Date.now().toString(36)}`;
  await page.goto("/chatbot-documents");
  await expect(page.getByRole("heading", { name: /Asistentes IA/ })).toBeVisible();

  await page.getByRole("link", { name: "Nuevo asistente" }).click();
  await expect(page).toHaveURL(/\/chatbot-documents\/new$/);
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nombre del asistente").fill("mal nombre");
  await dialog.getByRole("button", { name: "Crear" }).click();
  await expect(page.getByRole("dialog")).toContainText("(Sin caracteres especiales)");
  await page.getByRole("dialog").getByLabel("Nombre del asistente").fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Crear" }).click();
  await expect(page).toHaveURL(/\/chatbot-documents\/\d+$/);
  await expect(page.getByTestId("toast")).toContainText("Se ha creado exitosamente");
  dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Asistente ${name}` })).toBeVisible();
  await expect(dialog).toContainText("Este asistente aún no tiene documentos.");

  // Actualizar without a document is refused with the spec's texts.
  await dialog.getByRole("button", { name: "Actualizar" }).click();
  await expect(page.getByRole("dialog").getByRole("alert").filter({ hasText: "No hay documento" })).toContainText(
    "Error al actualizar asistente, no has agregado un documento para actualizar su información",
  );

  const sheet = `ficha-${name}.pdf`;
  await page
    .getByRole("dialog")
    .getByLabel("Subir ficha técnica (PDF, máximo 20 MB)")
    .setInputFiles({ name: sheet, mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("dialog").getByLabel("SKU del producto del nuevo documento").fill("QO120");
  await page.getByRole("dialog").getByRole("button", { name: "Actualizar" }).click();
  await expect(page.getByTestId("toast")).toContainText("Información agregada/actualizada exitosamente");
  const row = page.getByRole("dialog").getByRole("row").filter({ hasText: sheet });
  await expect(row).toContainText("QO120");

  await row.getByRole("link", { name: `Ver ${sheet}` }).click();
  await expect(page).toHaveURL(/\/chatbot-documents\/\d+\/documents\/\d+$/);
  dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("document-page")).toContainText("Ficha técnica: Interruptor termomagnético QO 1 polo 20 A");
  await expect(dialog).toContainText(/Página 1 de \d+/);
  await dialog.getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/sheet=2/);
  await expect(page.getByRole("dialog")).toContainText(/Página 2 de \d+/);
  await page.getByRole("dialog").getByRole("link", { name: "Volver" }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: `Asistente ${name}` })).toBeVisible();
  await page.getByRole("dialog").getByRole("link", { name: "Volver" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.goto(`/chatbot-documents?search=${name}`);
  await page.getByRole("link", { name: `Chat con ${name}` }).click();
  dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Nuevo chat" })).toBeVisible();
  await dialog.getByLabel("Pregunta").fill("¿Cuántos polos tiene el interruptor?");
  await dialog.getByLabel("Pregunta").press("Enter");
  await expect(page.getByTestId("chat-user")).toContainText("¿Cuántos polos tiene el interruptor?");
  await expect(page.getByTestId("chat-assistant")).toHaveCount(1);
  await expect(page.getByTestId("chat-assistant")).not.toContainText("Ha ocurrido un error");
  await expect(page.getByTestId("chat-assistant").locator("time")).toHaveText(/^\d{2}:\d{2}$/);
  // A second turn keeps the first one (the conversation travels in the form).
  await page.getByRole("dialog").getByLabel("Pregunta").fill("¿Y de qué marca es?");
  await page.getByRole("dialog").getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByTestId("chat-user")).toHaveCount(2);
  await expect(page.getByTestId("chat-assistant")).toHaveCount(2);
  await page.getByRole("dialog").getByRole("link", { name: "Volver" }).click();

  await page.getByRole("link", { name: `Eliminar ${name}` }).click();
  dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Eliminar asistente" })).toBeVisible();
  await expect(dialog).toContainText(name);
  await dialog.getByRole("button", { name: "Eliminar" }).click();
  await expectToast(page, "Asistente", "Se ha eliminado exitosamente");
  await expect(page).toHaveURL(new RegExp(`/chatbot-documents\\?search=${name}$`));
  await expect(page.getByText("No hay asistentes que coincidan con la búsqueda.")).toBeVisible();
});
