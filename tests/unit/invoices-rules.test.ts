import { describe, expect, it } from "vitest";
import {
  CFDI_USES,
  PAYMENT_FORMS,
  PAYMENT_METHODS,
  TAX_REGIMES,
  addRecipient,
  defaultRecipients,
  feedbackErrorMessage,
  feedbackStatus,
  firstFeedbackSuccessful,
  orNoData,
  readCode,
  rebuildRecipients,
  resendRefused,
} from "~/modules/invoices/rules";

describe("feedback status", () => {
  it.each([
    ["SUCCESSFUL", "Finalizada", "success"],
    [" SUCCESSFUL ", "Finalizada", "success"],
    ["CFDI40148 - El campo Nombre…", "Pendiente", "danger"],
    ["", "Pendiente", "danger"],
  ])("%s → %s", (errorInfo, label, variant) => {
    expect(feedbackStatus(errorInfo)).toEqual({ label, variant });
  });
});

describe("error_info mapping (spec 2 §8)", () => {
  it.each([
    ["CFDI40148 - El campo Nombre del receptor debe pertenecer al nombre asociado al RFC registrado.", "Los datos no coinciden."],
    ["CFDI40145 - El campo Nombre del emisor…", "Los datos no coinciden."],
    ["Error CFDI40149 del receptor", "Los datos no coinciden."],
    ["CFDI40161 - El campo RegimenFiscalReceptor no es válido", "Datos no válidos."],
    ["CFDI40143 - El RFC del receptor no se encuentra en la lista", "El RFC no está registrado en el SAT."],
    ["CFDI40106 - El certificado…", "El certificado no está firmado por el SAT."],
    ["CFDI40999 - Error no clasificado", "Datos incompletos."],
    ["El sello del emisor es inválido.", "Los datos no son válidos."],
    ["El certificado no está autorizado por el SAT para emitir", "Certificado no autorizado."],
    ["The required attribute 'Rfc' is missing.", "XML incorrecto."],
    ["El atributo 'Rfc' es requerido", "XML incorrecto."],
    ["No se puede resolver el nombre remoto: 'pac.ejemplo.mx'", "Ha ocurrido un error."],
    ["No es posible conectar con el servidor remoto", "Ha ocurrido un error interno."],
    ["Algo distinto", "Error desconocido."],
    ["SUCCESSFUL", null],
  ])("%s → %s", (errorInfo, message) => {
    expect(feedbackErrorMessage(errorInfo)).toBe(message);
  });

  it("the latest answer (first feedback) decides whether it can be resent", () => {
    expect(firstFeedbackSuccessful({ errorInfo: "CFDI40148", feedbacks: [{ errorInfo: "SUCCESSFUL" }, { errorInfo: "CFDI40148" }] })).toBe(
      true,
    );
    expect(firstFeedbackSuccessful({ errorInfo: "SUCCESSFUL", feedbacks: [{ errorInfo: "CFDI40143" }] })).toBe(false);
    expect(firstFeedbackSuccessful({ errorInfo: "SUCCESSFUL", feedbacks: [] })).toBe(true);
  });
});

describe("tax-code tables (spec 2 §9)", () => {
  it("know the listed codes", () => {
    expect(Object.keys(CFDI_USES)).toEqual(["G01", "G03", "I01", "I08", "S01"]);
    expect(Object.keys(PAYMENT_FORMS).sort()).toEqual(["01", "02", "03", "04", "28", "31"]);
    expect(Object.keys(PAYMENT_METHODS)).toEqual(["PUE"]);
    expect(Object.keys(TAX_REGIMES).sort()).toEqual(["601", "603", "612", "616", "621", "622", "625", "626"]);
  });

  it.each([
    [CFDI_USES, "g03", { code: "G03", text: "G03 · Gastos en general", known: true }],
    [PAYMENT_FORMS, "28", { code: "28", text: "28 · Tarjeta de débito", known: true }],
    [PAYMENT_METHODS, "PPD", { code: "PPD", text: "Checar PPD", known: false }],
    [TAX_REGIMES, "699", { code: "699", text: "Checar 699", known: false }],
    [TAX_REGIMES, "", { code: "", text: "Sin datos", known: false }],
  ])("reads %#", (table, code, reading) => {
    expect(readCode(table, code)).toEqual(reading);
  });

  it("missing colony or phone shows 'Sin datos'", () => {
    expect(orNoData("")).toBe("Sin datos");
    expect(orNoData("  ")).toBe("Sin datos");
    expect(orNoData(null)).toBe("Sin datos");
    expect(orNoData("Centro")).toBe("Centro");
  });
});

describe("resend recipients (spec 2 §5)", () => {
  const defaults = defaultRecipients("Cliente@Correo.mx", "facturacion@electrica.mx");

  it("start with the customer's e-mail and the internal mailbox, both fixed", () => {
    expect(defaults).toEqual([
      { email: "cliente@correo.mx", isDefault: true, role: "cliente" },
      { email: "facturacion@electrica.mx", isDefault: true, role: "interno" },
    ]);
    expect(defaultRecipients("", "facturacion@electrica.mx")).toHaveLength(1);
    expect(defaultRecipients("no-es-correo", null)).toEqual([]);
  });

  it("refuse a bad format and a duplicate with the spec's texts", () => {
    expect(addRecipient(defaults, "conta@")).toEqual({
      ok: false,
      title: "Correo inválido",
      message: "Por favor, ingresa un correo válido.",
    });
    expect(addRecipient(defaults, " CLIENTE@correo.mx ")).toEqual({
      ok: false,
      title: "Correo existente",
      message: "El correo eletrónico ya se ingresó.",
    });
    const added = addRecipient(defaults, "Conta@Empresa.mx");
    expect(added).toEqual({ ok: true, list: [...defaults, { email: "conta@empresa.mx", isDefault: false, role: "adicional" }] });
  });

  it("remove only the extra ones: the form's list holds the extras, the defaults come back on every post", () => {
    expect(rebuildRecipients(defaults, ["conta@empresa.mx"]).map((r) => r.email)).toEqual([
      "cliente@correo.mx",
      "facturacion@electrica.mx",
      "conta@empresa.mx",
    ]);
    // Every extra removed: the defaults stay; a default posted as an extra is the default still.
    expect(rebuildRecipients(defaults, [])).toEqual(defaults);
    expect(rebuildRecipients(defaults, ["CLIENTE@correo.mx"])).toEqual(defaults);
  });

  it("read 'Lo sentimos' in the service's answer as a refusal", () => {
    expect(resendRefused("Lo sentimos, la factura no se pudo timbrar")).toBe(true);
    expect(resendRefused("Se reenvió la factura")).toBe(false);
  });
});

describe("a resend form's list", () => {
  it("is the defaults plus the valid, new extras in order", () => {
    const defaults = defaultRecipients("cliente@correo.mx", "facturacion@electrica.mx");
    const list = rebuildRecipients(defaults, ["conta@empresa.mx", "mal@", "CLIENTE@correo.mx", "conta@empresa.mx", "otra@empresa.mx"]);
    expect(list.map((r) => r.email)).toEqual(["cliente@correo.mx", "facturacion@electrica.mx", "conta@empresa.mx", "otra@empresa.mx"]);
    expect(list.filter((r) => r.isDefault)).toHaveLength(2);
  });
});
