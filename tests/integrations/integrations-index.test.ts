import { afterEach, describe, expect, it } from "vitest";
import { getEnv, parseIntegrationModes, resetEnvCache } from "../../server/env";
import { createIntegrations, getIntegrations, setIntegrations, type Integrations } from "../../server/integrations";
import { defaultMessage, IntegrationError, isIntegrationError } from "../../server/integrations/errors";

afterEach(() => setIntegrations(undefined));

describe("getIntegrations", () => {
  it("builds the simulator by default, once per process", () => {
    const first = getIntegrations();
    expect(first.modes).toEqual({
      erp: "simulator",
      marketplace: "simulator",
      ai: "simulator",
      invoicing: "simulator",
      content: "simulator",
    });
    expect(getIntegrations()).toBe(first);
  });

  it("setIntegrations installs a replacement (tests) and undefined restores the default", () => {
    const fake = { modes: {} } as Integrations;
    setIntegrations(fake);
    expect(getIntegrations()).toBe(fake);
    setIntegrations(undefined);
    expect(getIntegrations()).not.toBe(fake);
  });

  it("builds HTTP adapters when INTEGRATIONS=http", () => {
    const env = {
      ...getEnv(),
      INTEGRATIONS: "http" as const,
      ERP_URL: "http://erp.test",
      ERP_TOKEN: "a",
      MARKETPLACE_URL: "http://meli.test",
      MARKETPLACE_TOKEN: "b",
      AI_URL: "http://ai.test",
      AI_TOKEN: "c",
      INVOICING_URL: "http://inv.test",
      INVOICING_TOKEN: "d",
    };
    const http = createIntegrations(env);
    expect(http.modes).toEqual({ erp: "http", marketplace: "http", ai: "http", invoicing: "http", content: "http" });
    expect(typeof http.erp.validateMovement).toBe("function");
    expect(typeof http.marketplace.getShipmentLabel).toBe("function");
    expect(typeof http.ai.ask).toBe("function");
    expect(typeof http.invoicing.resendInvoice).toBe("function");
    expect(typeof http.content.listItems).toBe("function");
  });

  it("INTEGRATIONS per system: the named systems go to HTTP, the others stay simulated", () => {
    const env = {
      ...getEnv(),
      INTEGRATIONS: "erp=http, content=http",
      ERP_URL: "http://erp.test",
      ERP_TOKEN: "a",
      MARKETPLACE_URL: "http://meli.test",
      MARKETPLACE_TOKEN: "b",
    };
    const mixed = createIntegrations(env);
    expect(mixed.modes).toEqual({ erp: "http", marketplace: "simulator", ai: "simulator", invoicing: "simulator", content: "http" });
    const simulated = createIntegrations({ ...getEnv(), INTEGRATIONS: "simulator" });
    // An HTTP adapter is a plain object of functions; the simulator's share one runtime.
    expect(mixed.erp).not.toBe(simulated.erp);
    expect(Object.keys(mixed.marketplace).sort()).toEqual(Object.keys(simulated.marketplace).sort());
  });
});

describe("parseIntegrationModes", () => {
  it.each([
    ["simulator", { erp: "simulator", marketplace: "simulator", ai: "simulator", invoicing: "simulator", content: "simulator" }],
    ["http", { erp: "http", marketplace: "http", ai: "http", invoicing: "http", content: "http" }],
    [
      "erp=http,marketplace=http,ai=simulator,invoicing=simulator",
      { erp: "http", marketplace: "http", ai: "simulator", invoicing: "simulator", content: "simulator" },
    ],
    [" MARKETPLACE = http ", { erp: "simulator", marketplace: "http", ai: "simulator", invoicing: "simulator", content: "simulator" }],
  ])("%s", (value, expected) => {
    expect(parseIntegrationModes(value)).toEqual(expected);
  });

  it.each([["erp=ftp"], ["banco=http"], ["erp"]])("refuses %s with a Spanish reason", (value) => {
    expect(parseIntegrationModes(value)).toEqual(expect.stringMatching(/sistema desconocido|el modo debe ser/));
  });
});

describe("MARKETPLACE_*_PATH (calls whose paths the spec does not show)", () => {
  const KEYS = [
    "MARKETPLACE_CUSTOMER_REPORT_PATH",
    "MARKETPLACE_ORDER_SUMMARY_PATH",
    "MARKETPLACE_SALES_REPORT_PATH",
    "MARKETPLACE_SEND_PACKAGE_PATH",
  ] as const;
  const withEnv = (values: Partial<Record<(typeof KEYS)[number], string>>) => {
    const saved = KEYS.map((k) => [k, process.env[k]] as const);
    Object.assign(process.env, values);
    resetEnvCache();
    try {
      return getEnv();
    } finally {
      for (const [k, v] of saved)
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      resetEnvCache();
    }
  };

  it("default to the paths documented in docs/integrations.md", () => {
    expect(withEnv({})).toMatchObject({
      MARKETPLACE_CUSTOMER_REPORT_PATH: "reports/customers",
      MARKETPLACE_ORDER_SUMMARY_PATH: "reports/orders",
      MARKETPLACE_SALES_REPORT_PATH: "reports/sales",
      MARKETPLACE_SEND_PACKAGE_PATH: "sendPackage",
    });
    expect(withEnv({ MARKETPLACE_SEND_PACKAGE_PATH: "envios/despachar" }).MARKETPLACE_SEND_PACKAGE_PATH).toBe("envios/despachar");
  });

  it.each(["/sendPackage", "../orders", "envios//despachar", "envios/despachar?x=1", "https://otro.test/x", ""])(
    "refuse %j at start-up, naming the variable",
    (value) => {
      expect(() => withEnv({ MARKETPLACE_SEND_PACKAGE_PATH: value })).toThrow(
        /MARKETPLACE_SEND_PACKAGE_PATH: ruta bajo custom\/legacy-mercadolibre\//,
      );
    },
  );
});

describe("IntegrationError", () => {
  it("is recognised across module copies by its brand, and says whether a retry makes sense", () => {
    const error = new IntegrationError({ system: "erp", call: "validateMovement", kind: "timeout" });
    expect(isIntegrationError(error)).toBe(true);
    expect(isIntegrationError(Object.assign(new Error("x"), { kind: "timeout" }))).toBe(false);
    expect(error.retryable).toBe(true);
    expect(new IntegrationError({ system: "erp", call: "x", kind: "rejected" }).retryable).toBe(false);
    expect(error.message).toBe("Intelisis no respondió a tiempo. Intenta de nuevo en unos minutos.");
  });

  it("has a Spanish default message for every kind and system", () => {
    for (const system of ["erp", "marketplace", "ai", "invoicing"] as const) {
      for (const kind of ["timeout", "network", "http", "invalid_response", "rejected"] as const) {
        expect(defaultMessage(system, kind, 500)).toMatch(/^[A-ZÁÉÍÓÚN]/);
      }
    }
    expect(defaultMessage("marketplace", "http", 503)).toBe("Mercado Libre respondió con un error (503). Intenta de nuevo más tarde.");
  });
});
