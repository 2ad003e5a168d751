import { describe, expect, it } from "vitest";
import { isCrossOrigin } from "@server/http/origin-check";

const HOST = "backoffice.local:3000";

describe("isCrossOrigin: the CSRF check of every non-GET request", () => {
  it.each([
    ["POST", { secFetchSite: "same-origin" }, false],
    ["POST", { secFetchSite: "none" }, false],
    ["POST", { secFetchSite: "cross-site" }, true],
    ["POST", { secFetchSite: "same-site" }, true],
    ["POST", { secFetchSite: "cross-site", origin: "https://evil.example" }, true],
    ["POST", { origin: `http://${HOST}` }, false],
    ["POST", { origin: `https://${HOST}` }, false],
    ["POST", { origin: "https://evil.example" }, true],
    ["POST", { origin: "http://backoffice.local:3001" }, true],
    ["POST", { origin: "null" }, true],
    ["DELETE", { origin: "https://evil.example" }, true],
    ["PUT", { secFetchSite: "cross-site" }, true],
    ["POST", {}, false],
    ["GET", { secFetchSite: "cross-site", origin: "https://evil.example" }, false],
    ["HEAD", { origin: "https://evil.example" }, false],
  ] as const)("%s %j → %s", (method, headers, expected) => {
    expect(isCrossOrigin(method, { host: HOST, ...headers })).toBe(expected);
  });

  it("accepts the configured public origin behind a proxy that rewrites Host", () => {
    expect(isCrossOrigin("POST", { host: "127.0.0.1:3000", origin: "https://bo.example.mx" }, ["https://bo.example.mx"])).toBe(false);
    expect(isCrossOrigin("POST", { host: "127.0.0.1:3000", origin: "https://bo.example.mx" })).toBe(true);
  });
});
