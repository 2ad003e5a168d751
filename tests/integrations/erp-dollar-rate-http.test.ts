/**
 * The ERP's dollar rate over HTTP (getDollarRate). The spec does not show its path: the default is
 * custom/legacy-intelisis/tipoCambio, ERP_DOLLAR_RATE_PATH changes it (docs/integrations.md).
 */
import { describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "../../server/env";
import { createIntegrations } from "../../server/integrations";
import { createHttpErp, readRateDate } from "../../server/integrations/erp/http";
import type { ErpPort } from "../../server/integrations/erp/port";
import { answer, describeContracts, expectIntegrationError, TOKEN, type Contract } from "./contract";

const ORIGIN = "http://erp-rate.test";
const BASE_PATH = "/api";
const make = (timeoutMs: number) => createHttpErp({ baseUrl: `${ORIGIN}${BASE_PATH}`, token: TOKEN, timeoutMs });

const contracts: Array<Contract<ErpPort>> = [
  {
    name: "getDollarRate",
    call: (erp) => erp.getDollarRate(),
    method: "GET",
    path: "custom/legacy-intelisis/tipoCambio",
    reply: { json: { data: { tipocambio: 18.4125, fecha: "2026-11-27T16:05:00Z" } } },
    expected: { rate: 18.4125, updatedAt: "2026-11-27T16:05:00.000Z" },
  },
  {
    name: "getDollarRate (rate as text, no date)",
    call: (erp) => erp.getDollarRate(),
    method: "GET",
    path: "custom/legacy-intelisis/tipoCambio",
    reply: { json: { data: { tipocambio: "17.98" } } },
    expected: { rate: 17.98, updatedAt: null },
  },
];

describe("ERP HTTP adapter: dollar rate", () => {
  const server = describeContracts({ system: "erp", origin: ORIGIN, basePath: BASE_PATH, makePort: make, contracts });

  it("reads the answer unwrapped too, and a date without zone as Mexico City time", async () => {
    answer(server, ORIGIN, { json: { tipocambio: "18.20", fecha: "2026-11-27 10:30:00" } });
    // 10:30 in Mexico City (UTC−6) is 16:30 UTC.
    expect(await make(2000).getDollarRate()).toEqual({ rate: 18.2, updatedAt: "2026-11-27T16:30:00.000Z" });
  });

  it.each([
    ["zero", 0],
    ["negative", -18.4],
    ["below 5", "4.99"],
    ["above 100", 100.01],
    ["not a number", "dieciocho"],
    ["missing", undefined],
  ])("a rate %s is an invalid_response", async (_, tipocambio) => {
    answer(server, ORIGIN, { json: { data: { tipocambio, fecha: "2026-11-27" } } });
    await expectIntegrationError(make(2000).getDollarRate(), { system: "erp", call: "getDollarRate", kind: "invalid_response" });
  });

  it("accepts the bounds of the range (5 and 100)", async () => {
    answer(server, ORIGIN, { json: { data: { tipocambio: 5 } } });
    expect((await make(2000).getDollarRate()).rate).toBe(5);
    answer(server, ORIGIN, { json: { data: { tipocambio: "100" } } });
    expect((await make(2000).getDollarRate()).rate).toBe(100);
  });

  it("a 404 is the ERP refusing, not a rate", async () => {
    answer(server, ORIGIN, { json: { message: "Ruta no encontrada" }, status: 404 });
    await expectIntegrationError(make(2000).getDollarRate(), { system: "erp", call: "getDollarRate", kind: "rejected", status: 404 });
  });

  it("the path comes from ERP_DOLLAR_RATE_PATH (server/env.ts), relative to ERP_URL", async () => {
    const env = {
      ...getEnv(),
      INTEGRATIONS: "erp=http",
      ERP_URL: `${ORIGIN}${BASE_PATH}`,
      ERP_TOKEN: TOKEN,
      ERP_DOLLAR_RATE_PATH: "custom/legacy-intelisis/finanzas/tipo_cambio",
    };
    const captured = answer(server, ORIGIN, { json: { data: { tipocambio: 18.3 } } });
    expect(await createIntegrations(env).erp.getDollarRate()).toEqual({ rate: 18.3, updatedAt: null });
    expect(captured.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([`GET ${BASE_PATH}/custom/legacy-intelisis/finanzas/tipo_cambio`]);
    expect(captured[0].authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe("ERP_DOLLAR_RATE_PATH", () => {
  const withPath = (value: string | undefined) => {
    const saved = process.env.ERP_DOLLAR_RATE_PATH;
    if (value === undefined) delete process.env.ERP_DOLLAR_RATE_PATH;
    else process.env.ERP_DOLLAR_RATE_PATH = value;
    resetEnvCache();
    try {
      return getEnv();
    } finally {
      if (saved === undefined) delete process.env.ERP_DOLLAR_RATE_PATH;
      else process.env.ERP_DOLLAR_RATE_PATH = saved;
      resetEnvCache();
    }
  };

  it("defaults to custom/legacy-intelisis/tipoCambio", () => {
    expect(withPath(undefined).ERP_DOLLAR_RATE_PATH).toBe("custom/legacy-intelisis/tipoCambio");
    expect(withPath(" erp/tipo-cambio ").ERP_DOLLAR_RATE_PATH).toBe("erp/tipo-cambio");
  });

  it.each(["/custom/legacy-intelisis/tipoCambio", "../tipoCambio", "custom//tipoCambio", "tipoCambio?x=1", "https://otro.test/x", ""])(
    "refuses %j at start-up, naming the variable",
    (value) => {
      expect(() => withPath(value)).toThrow(/ERP_DOLLAR_RATE_PATH: ruta relativa a ERP_URL/);
    },
  );
});

describe("readRateDate", () => {
  it.each([
    ["2026-11-27T16:05:00Z", "2026-11-27T16:05:00.000Z"],
    ["2026-11-27T10:05:00-06:00", "2026-11-27T16:05:00.000Z"],
    ["2026-11-27", "2026-11-27T06:00:00.000Z"],
    ["27/11/2026", "2026-11-27T06:00:00.000Z"],
    ["27/11/2026 10:05", "2026-11-27T16:05:00.000Z"],
    ["ayer", null],
    ["", null],
    [null, null],
  ])("%j → %j", (text, expected) => {
    expect(readRateDate(text)).toBe(expected);
  });
});
