import { beforeAll, describe, expect, it } from "vitest";
import { createSimulatorIntegrations } from "../../server/integrations/simulator";
import { useTestDatabase } from "../helpers/db";
import { expectIntegrationError } from "./contract";
import { ORDERS, seedFixtures } from "./fixtures";

const { ai, invoicing } = createSimulatorIntegrations();

beforeAll(async () => {
  const database = await useTestDatabase();
  await seedFixtures(database);
});

describe("AI simulator", () => {
  const sheet = { url: "/uploads/fichas/thw12ne100.pdf", name: "ficha-thw12ne100.pdf" };

  it("creates assistants with valid, unique names", async () => {
    await ai.createAssistant("asistente_cables");
    await expectIntegrationError(ai.createAssistant("asistente_cables"), {
      system: "ai",
      call: "createAssistant",
      kind: "rejected",
      status: 409,
    });
    await expectIntegrationError(ai.createAssistant("mal nombre"), { system: "ai", kind: "rejected" });
    await expectIntegrationError(ai.createAssistant("abc"), { system: "ai", kind: "rejected" });
  });

  it("says it cannot answer well before it has documents", async () => {
    const { answer } = await ai.ask({ assistant: "asistente_cables", question: "¿Qué calibre tiene?" });
    expect(answer).toContain("no tiene documentos específicos");
    await expectIntegrationError(ai.ask({ assistant: "no_existe", question: "hola" }), { system: "ai", kind: "rejected", status: 404 });
  });

  it("indexes a data sheet from the product it belongs to and answers from it", async () => {
    expect(await ai.addDocument({ assistant: "asistente_cables", documentId: "doc-1", file: sheet, productId: "thw12ne100" })).toEqual({
      documentId: "doc-1",
    });
    await expectIntegrationError(
      ai.addDocument({ assistant: "asistente_cables", documentId: "doc-2", file: sheet, productId: "THW12NE100" }),
      {
        system: "ai",
        kind: "rejected",
        status: 409,
      },
    );
    const doc = await ai.getDocument({ assistant: "asistente_cables", documentId: "doc-1" });
    expect(doc!.pages[0]).toContain("Ficha técnica: Cable THW calibre 12 AWG 100 m negro.");
    expect(doc!.pages.join(" ")).toContain("Calibre: 12 AWG.");

    const calibre = await ai.ask({ assistant: "asistente_cables", question: "¿Qué calibre tiene el cable?" });
    expect(calibre.answer).toMatch(/^De acuerdo con la ficha técnica ficha-thw12ne100\.pdf: /);
    expect(calibre.answer).toContain("12 AWG");
    const voltaje = await ai.ask({ assistant: "asistente_cables", question: "¿Para cuántos volts es?" });
    expect(voltaje.answer).toContain("600 V");
    // Same question, same answer.
    expect(await ai.ask({ assistant: "asistente_cables", question: "¿Qué calibre tiene el cable?" })).toEqual(calibre);
    const unrelated = await ai.ask({ assistant: "asistente_cables", question: "¿Venden refrigeradores?" });
    expect(unrelated.answer).toContain("No encontré esa información");
  });

  it("keeps a running summary in chat mode", async () => {
    const first = await ai.askWithSummary({ assistant: "asistente_cables", message: "¿De qué material es el conductor?" });
    expect(first.response).toContain("Cobre");
    expect(first.summary).toContain("¿De qué material es el conductor?");
    const second = await ai.askWithSummary({ assistant: "asistente_cables", message: "¿Y cuánto pesa?", summary: first.summary });
    expect(second.response).toContain("5.2 kg");
    expect(second.summary.startsWith(first.summary)).toBe(true);
  });

  it("writes a description and features from the data sheet", async () => {
    const result = await ai.generateDescription({ productName: "Cable THW calibre 12 AWG 100 m negro", file: sheet });
    expect(result.description).toContain("Cable THW calibre 12 AWG 100 m negro de la marca Condumex");
    expect(result.features).toEqual([
      { name: "Calibre", value: "12 AWG" },
      { name: "Material del conductor", value: "Cobre" },
      { name: "Voltaje máximo", value: "600 V" },
      { name: "Largo", value: "100 m" },
    ]);
    const fromName = await ai.generateDescription({ productName: "Foco LED A19 9 W E27 6500 K", file: { url: "/x.pdf", name: "x.pdf" } });
    expect(fromName.features).toEqual(
      expect.arrayContaining([
        { name: "Potencia", value: "9 W" },
        { name: "Base", value: "E27" },
        { name: "Temperatura de color", value: "6500 K" },
      ]),
    );
    await expectIntegrationError(ai.generateDescription({ productName: "X", file: { url: " ", name: "x.pdf" } }), {
      system: "ai",
      kind: "rejected",
    });
  });

  it("deletes documents and assistants", async () => {
    await ai.deleteDocument({ assistant: "asistente_cables", documentId: "doc-1" });
    expect(await ai.getDocument({ assistant: "asistente_cables", documentId: "doc-1" })).toBeNull();
    await expectIntegrationError(ai.deleteDocument({ assistant: "asistente_cables", documentId: "doc-1" }), {
      system: "ai",
      kind: "rejected",
      status: 404,
    });
    await ai.deleteAssistant("asistente_cables");
    await expectIntegrationError(ai.deleteAssistant("asistente_cables"), { system: "ai", kind: "rejected" });
  });
});

describe("invoicing simulator", () => {
  const recipients = [
    { email: "juan@correo.mx", isDefault: true, role: "cliente" },
    { email: "facturas@empresa.mx", isDefault: true, role: "interno" },
  ];

  it("resends a stamped invoice", async () => {
    const result = await invoicing.resendInvoice({ saleId: ORDERS.delivered, recipients });
    expect(result.accepted).toBe(true);
    expect(result.message).toContain("juan@correo.mx, facturas@empresa.mx");
  });

  it("answers 'Lo sentimos…' when there is no invoice or an address is wrong", async () => {
    const none = await invoicing.resendInvoice({ saleId: ORDERS.assignedDropOff, recipients });
    expect(none).toEqual({ accepted: false, message: `Lo sentimos, no encontramos una factura para la venta ${ORDERS.assignedDropOff}.` });
    const bad = await invoicing.resendInvoice({
      saleId: ORDERS.delivered,
      recipients: [{ email: "no-es-correo", isDefault: false, role: "adicional" }],
    });
    expect(bad.accepted).toBe(false);
    expect(bad.message).toMatch(/^Lo sentimos/);
  });
});
