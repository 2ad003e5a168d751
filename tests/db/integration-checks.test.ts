/** The start-up check of each system served over HTTP (issue 28 item 7), kept for the Sincronización screen. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "../../server/env";
import { createIntegrations } from "../../server/integrations";
import { checkIntegrations } from "../../server/integrations/startup-check";
import { ContentDouble } from "../helpers/content-double";
import { useTestDatabase } from "../helpers/db";

const database = await useTestDatabase();
const content = new ContentDouble();
// An ERP that refuses any token.
const erp = http.createServer((_, res) => {
  res.writeHead(401, { "content-type": "application/json" });
  res.end('{"errors":[{"message":"Invalid token"}]}');
});
let erpUrl = "";
beforeAll(async () => {
  await content.start();
  await new Promise<void>((resolve) => erp.listen(0, "127.0.0.1", resolve));
  erpUrl = `http://127.0.0.1:${(erp.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await content.stop();
  erp.closeAllConnections();
  await new Promise((resolve) => erp.close(resolve));
});

describe("checkIntegrations", () => {
  it("reports each HTTP system as answering, refusing the token or unreachable; simulated ones as such", async () => {
    const env = {
      ...getEnv(),
      INTEGRATIONS: "erp=http,content=http,ai=http",
      ERP_URL: erpUrl,
      ERP_TOKEN: "x",
      CONTENT_URL: content.url,
      CONTENT_TOKEN: "secreto",
      // Nothing listens on port 9 here.
      AI_URL: "http://127.0.0.1:9/",
      AI_TOKEN: "y",
    };
    const integrations = createIntegrations(env);
    const checks = await checkIntegrations(database, integrations, { ...env, INTEGRATIONS: integrations.modes });
    const by = Object.fromEntries(checks.map((c) => [c.system, c]));
    expect(by.content).toMatchObject({ mode: "http", ok: true });
    expect(by.erp).toMatchObject({ mode: "http", ok: false, message: expect.stringMatching(/rechazó las credenciales/) });
    expect(by.ai).toMatchObject({ mode: "http", ok: false, message: expect.stringMatching(/No fue posible conectar/) });
    expect(by.marketplace).toMatchObject({ mode: "simulator", ok: true, message: "Simulador" });
    const [stored] = await database.query<{ value: unknown[] }>("select value from settings where key = 'integration_checks'");
    expect(stored.value).toHaveLength(5);

    content.token = "cambiado";
    const again = await checkIntegrations(database, integrations, { ...env, INTEGRATIONS: integrations.modes });
    expect(again.find((c) => c.system === "content")).toMatchObject({ ok: false, message: expect.stringMatching(/credenciales/) });
  });
});
