import { describe, expect, it } from "vitest";
import { CONFIRM_CODE_ALPHABET, generateConfirmCode, isConfirmCode } from "~/modules/users/confirm-code";

describe("PDV confirmation code", () => {
  it("is 5 lowercase alphanumeric characters", () => {
    for (let i = 0; i < 500; i++) {
      const code = generateConfirmCode();
      expect(code).toMatch(/^[a-z0-9]{5}$/);
      expect(isConfirmCode(code)).toBe(true);
    }
  });

  it("varies between calls", () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateConfirmCode()));
    expect(codes.size).toBeGreaterThan(190);
  });

  it("maps bytes onto the alphabet and discards the biased top bytes", () => {
    // 252..255 would favour the first four characters: they must be skipped.
    const bytes = [255, 0, 254, 1, 253, 35, 252, 36, 10, 9, 9, 9];
    let offset = 0;
    const fake = (count: number) => {
      const out = new Uint8Array(count);
      for (let i = 0; i < count; i++) out[i] = bytes[offset++ % bytes.length];
      return out;
    };
    expect(generateConfirmCode(fake)).toBe(
      `${CONFIRM_CODE_ALPHABET[0]}${CONFIRM_CODE_ALPHABET[1]}${CONFIRM_CODE_ALPHABET[35]}${CONFIRM_CODE_ALPHABET[0]}${CONFIRM_CODE_ALPHABET[10]}`,
    );
  });

  it("keeps drawing when a whole batch is rejected", () => {
    let calls = 0;
    const fake = (count: number) => {
      calls++;
      return new Uint8Array(count).fill(calls < 3 ? 255 : 7);
    };
    expect(generateConfirmCode(fake)).toBe("hhhhh");
  });

  it("is roughly uniform over the alphabet", () => {
    const counts = new Map<string, number>();
    const draws = 4000;
    for (let i = 0; i < draws; i++) for (const c of generateConfirmCode()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(36);
    const expected = (draws * 5) / 36;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.25);
  });

  it("recognises valid and invalid codes", () => {
    expect(isConfirmCode("ab12z")).toBe(true);
    expect(isConfirmCode("AB12Z")).toBe(false);
    expect(isConfirmCode("ab12")).toBe(false);
    expect(isConfirmCode("ab12zz")).toBe(false);
    expect(isConfirmCode("ab-2z")).toBe(false);
    expect(isConfirmCode(12345)).toBe(false);
  });
});
