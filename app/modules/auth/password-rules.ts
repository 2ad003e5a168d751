/**
 * bcrypt reads only the first 72 bytes of a password and ignores the rest, so a longer one would
 * seem to be kept whole while any text sharing its first 72 bytes also opened the account. Longer
 * passwords are refused where they are typed instead.
 */
export const PASSWORD_MAX_BYTES = 72;
export const PASSWORD_TOO_LONG = `La contraseña no puede ocupar más de ${PASSWORD_MAX_BYTES} bytes (unos ${PASSWORD_MAX_BYTES} caracteres sin acentos).`;

export function passwordFitsBcrypt(password: string) {
  return new TextEncoder().encode(password).byteLength <= PASSWORD_MAX_BYTES;
}
