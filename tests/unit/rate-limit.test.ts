import { beforeEach, describe, expect, it } from "vitest";
import { clearLoginFailures, loginBlockedFor, MAX_PER_EMAIL, MAX_PER_IP, recordLoginFailure, resetRateLimits } from "~/modules/auth/rate-limit.server";

describe("login rate limit", () => {
  beforeEach(() => resetRateLimits());
  const t0 = 1_000_000;

  it("blocks an e-mail after too many failures for the rest of the window", () => {
    for (let i = 0; i < MAX_PER_EMAIL; i++) recordLoginFailure(`ip${i}`, "a@x.mx", t0);
    expect(loginBlockedFor("other", "A@x.mx", t0 + 1000)).toBe(15);
    expect(loginBlockedFor("other", "b@x.mx", t0 + 1000)).toBe(0);
    expect(loginBlockedFor("other", "a@x.mx", t0 + 15 * 60 * 1000 + 1)).toBe(0);
  });

  it("blocks an IP trying many e-mails", () => {
    for (let i = 0; i < MAX_PER_IP; i++) recordLoginFailure("1.2.3.4", `u${i}@x.mx`, t0);
    expect(loginBlockedFor("1.2.3.4", "new@x.mx", t0)).toBeGreaterThan(0);
  });

  it("forgets an e-mail's failures after a successful sign-in", () => {
    for (let i = 0; i < MAX_PER_EMAIL; i++) recordLoginFailure("ip", "a@x.mx", t0);
    clearLoginFailures("a@x.mx");
    expect(loginBlockedFor("ip2", "a@x.mx", t0)).toBe(0);
  });
});
