import bcrypt from "bcryptjs";
import { PASSWORD_TOO_LONG, passwordFitsBcrypt } from "./password-rules";

const ROUNDS = 10;

export function hashPassword(password: string) {
  if (!passwordFitsBcrypt(password)) throw new Error(PASSWORD_TOO_LONG);
  return bcrypt.hash(password, ROUNDS);
}

export function verifyPassword(password: string, hash: string) {
  if (!passwordFitsBcrypt(password)) return Promise.resolve(false);
  return bcrypt.compare(password, hash);
}

// Compared against when the e-mail is unknown, so a miss costs as long as a wrong password does and
// the answer time does not tell which addresses have accounts.
const UNKNOWN_USER_HASH = bcrypt.hashSync("sin-usuario", ROUNDS);

export async function spendPasswordCheck(password: string) {
  await bcrypt.compare(password.slice(0, 72), UNKNOWN_USER_HASH);
  return false;
}
