import { describe, expect, it } from "vitest";
import { filledParams, withoutEmptyParams } from "~/lib/filter-params";
import { unknownPathToast } from "~/lib/unknown-path";

describe("filter forms leave empty fields out of the URL", () => {
  it.each([
    [
      [
        ["search", ""],
        ["promo_status_filter", "active"],
      ],
      "promo_status_filter=active",
    ],
    [
      [
        ["search", "  "],
        ["status", ""],
      ],
      "",
    ],
    [
      [
        ["search", "foco led"],
        ["sortName", "id"],
      ],
      "search=foco+led&sortName=id",
    ],
    [
      [
        ["search", "  MLM123 "],
        ["status", "paid"],
      ],
      "search=MLM123&status=paid",
    ],
  ] as const)("%j → %s", (entries, expected) => {
    expect(filledParams(entries as unknown as [string, string][]).toString()).toBe(expected);
  });

  it("a URL with empty parameters gets its clean form; a clean one needs no redirect", () => {
    expect(withoutEmptyParams(new URL("http://x/promotions?search=&promo_status_filter=active"))).toBe(
      "/promotions?promo_status_filter=active",
    );
    expect(withoutEmptyParams(new URL("http://x/promotions?search=&promo_status_filter="))).toBe("/promotions");
    expect(withoutEmptyParams(new URL("http://x/promotions?promo_status_filter=active"))).toBeNull();
    expect(withoutEmptyParams(new URL("http://x/orders?search=%20foco%20led%20&page=2"))).toBe("/orders?search=foco+led&page=2");
    expect(withoutEmptyParams(new URL("http://x/orders?search=foco%20led"))).toBeNull();
  });
});

describe("an unknown address", () => {
  it("says which address did not exist and where the user is now", () => {
    const toast = unknownPathToast("/no-existe", "Cotizador v3");
    expect(toast.title).toBe("Página no encontrada");
    expect(toast.message).toContain("/no-existe");
    expect(toast.message).toContain("Cotizador v3");
  });
});
