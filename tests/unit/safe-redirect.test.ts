import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/modules/auth/guard.server";

describe("safeRedirect", () => {
  it.each([
    ["/orders?page=2", "/orders?page=2"],
    ["/publications#x", "/publications#x"],
    [null, "/home"],
    ["", "/home"],
    ["https://evil.example/", "/home"],
    ["//evil.example/", "/home"],
    ["/\\evil.example", "/home"],
    ["javascript:alert(1)", "/home"],
    ["orders", "/home"],
    ["/login", "/home"],
    ["/logout", "/home"],
  ])("%s → %s", (input, expected) => {
    expect(safeRedirect(input, "/home")).toBe(expected);
  });
});
