import { afterEach, describe, expect, it, vi } from "vitest";
import {
  errorReportingActive,
  initErrorReporting,
  reportError,
  resetErrorReporting,
  scrubEvent,
  type ReportedEvent,
} from "../../server/ops/error-reporting";

afterEach(() => resetErrorReporting());

function fakeSentry() {
  return {
    init: vi.fn(),
    captureException: vi.fn(() => "event-id"),
    flush: vi.fn(async () => true),
  };
}

describe("error reporting", () => {
  it("without SENTRY_DSN nothing is loaded, initialised or sent", async () => {
    const load = vi.fn(async () => fakeSentry());
    expect(await initErrorReporting({ NODE_ENV: "production" }, load)).toBe(false);
    expect(await initErrorReporting({ NODE_ENV: "production", SENTRY_DSN: "" }, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(errorReportingActive()).toBe(false);
    expect(() => reportError(new Error("nadie lo oye"), "abc")).not.toThrow();
  });

  it("with a DSN it loads the SDK, with no default integrations, no personal data, and the scrubber as beforeSend", async () => {
    const sentry = fakeSentry();
    const load = vi.fn(async () => sentry);
    expect(await initErrorReporting({ NODE_ENV: "production", SENTRY_DSN: "https://clave@errores.example.com/3" }, load)).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    const options = sentry.init.mock.calls[0][0] as Record<string, unknown>;
    expect(options).toMatchObject({
      dsn: "https://clave@errores.example.com/3",
      environment: "production",
      defaultIntegrations: false,
      sendDefaultPii: false,
      maxBreadcrumbs: 0,
    });
    const beforeSend = options.beforeSend as (event: ReportedEvent) => ReportedEvent;
    expect(beforeSend({ request: { cookies: { bo_session: "x" }, data: "password=1" } }).request).toEqual({});

    const error = new Error("falló el loader");
    reportError(error, "9f3a1c0d7be24a51");
    expect(sentry.captureException).toHaveBeenCalledWith(error, { tags: { request_id: "9f3a1c0d7be24a51" } });
  });

  it("the scrubber removes cookies, bodies, form and query values, credentials and breadcrumbs", () => {
    const event: ReportedEvent = {
      message: "Error: boom",
      request: {
        method: "POST",
        url: "https://bo.example.com/orders/2000001234?search=Juan+P%C3%A9rez#x",
        cookies: { "__Host-bo_session": "s3cr3t" },
        data: { comments: "Llamar al cliente", password: "demo1234" },
        query_string: "search=Juan+P%C3%A9rez",
        env: { REMOTE_ADDR: "10.0.0.1" },
        headers: {
          Cookie: "__Host-bo_session=s3cr3t",
          Authorization: "Bearer token-erp",
          "X-Forwarded-For": "10.0.0.1",
          "User-Agent": "Mozilla/5.0",
          "X-Request-Id": "9f3a1c0d7be24a51",
        },
      },
      user: { id: 7, email: "cajero@demo.mx", ip_address: "10.0.0.1" },
      extra: { form: { password: "demo1234" } },
      breadcrumbs: [{ category: "http", data: { url: "/orders?search=Juan" } }],
    };
    const scrubbed = scrubEvent(event);
    expect(scrubbed.request).toEqual({
      method: "POST",
      url: "https://bo.example.com/orders/2000001234",
      headers: { "User-Agent": "Mozilla/5.0", "X-Request-Id": "9f3a1c0d7be24a51" },
    });
    expect(scrubbed.user).toEqual({ id: 7 });
    expect(scrubbed.extra).toBeUndefined();
    expect(scrubbed.breadcrumbs).toBeUndefined();
    const text = JSON.stringify(scrubbed);
    for (const secret of ["s3cr3t", "demo1234", "Juan", "token-erp", "Llamar", "10.0.0.1", "cajero@demo.mx"])
      expect(text).not.toContain(secret);
  });
});
