import { describe, expect, it } from "vitest";
import { sameOriginPath } from "~/lib/safe-path";
import { safeRedirect } from "~/lib/auth/guard.server";

// Known open-redirect bypasses: each one, written into a Location header as is, would take a browser
// to another host (or run script).
const BYPASSES = [
  "https://evil.example/",
  "//evil.example/",
  "/.//evil.example",
  "/././/evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/%2f/evil.example",
  "/%2F%2Fevil.example",
  "/%5cevil.example",
  "/%5C%5Cevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/%09/evil.example",
  "/%0d%0aLocation:%20//evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http:evil.example",
  "https:/evil.example",
  "//evil.example@local",
  "/@evil.example",
  " //evil.example",
  "orders",
  "",
];

describe("sameOriginPath refuses every known open-redirect bypass", () => {
  it.each(BYPASSES)("%j", (input) => {
    const result = sameOriginPath(input);
    if (result !== null) {
      // Anything kept must stay a path on this site however a browser reads it.
      expect(new URL(result, "https://app.example").origin).toBe("https://app.example");
      expect(result.startsWith("//")).toBe(false);
      expect(result).not.toMatch(/\\/);
    }
    expect(
      safeRedirect(input, "/home") === "/home" ||
        new URL(safeRedirect(input, "/home"), "https://app.example").origin === "https://app.example",
    ).toBe(true);
  });

  it.each(["/.//evil.example", "//evil.example", "/\\evil.example", "/%2f%2fevil.example", "/%5cevil.example", "https://evil.example"])(
    "%j falls back to the home",
    (input) => expect(safeRedirect(input, "/home")).toBe("/home"),
  );
});

describe("safeRedirect keeps same-origin paths", () => {
  it.each([
    ["/orders?page=2", "/orders?page=2"],
    ["/publications#x", "/publications#x"],
    ["/orders?q=a%20b&sort=-date", "/orders?q=a%20b&sort=-date"],
    [null, "/home"],
    ["", "/home"],
    ["/login", "/home"],
    ["/logout", "/home"],
    ["/login?redirectTo=/orders", "/home"],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirect(input, "/home")).toBe(expected);
  });
});
