/**
 * The PDV confirmation code: 5 random lowercase alphanumeric characters. Pure (Web Crypto only), so
 * it runs the same on the server and in tests.
 */
export const CONFIRM_CODE_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
export const CONFIRM_CODE_LENGTH = 5;
const CONFIRM_CODE_PATTERN = /^[a-z0-9]{5}$/;

/** Fills the array with random bytes; injectable for deterministic tests. */
export type RandomBytes = (count: number) => Uint8Array;

const cryptoBytes: RandomBytes = (count) => globalThis.crypto.getRandomValues(new Uint8Array(count));

/**
 * Draws each character uniformly: bytes at or above the largest multiple of the alphabet size are
 * discarded (rejection sampling), so no character is more likely than another.
 */
export function generateConfirmCode(randomBytes: RandomBytes = cryptoBytes): string {
  const size = CONFIRM_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = "";
  while (code.length < CONFIRM_CODE_LENGTH) {
    for (const byte of randomBytes(CONFIRM_CODE_LENGTH * 2)) {
      if (byte >= limit) continue;
      code += CONFIRM_CODE_ALPHABET[byte % size];
      if (code.length === CONFIRM_CODE_LENGTH) break;
    }
  }
  return code;
}

export function isConfirmCode(value: unknown): value is string {
  return typeof value === "string" && CONFIRM_CODE_PATTERN.test(value);
}
