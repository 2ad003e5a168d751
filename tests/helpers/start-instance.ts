// One back-office instance's start-up, run as a process of its own by tests/db/startup-race.test.ts:
// it opens the database of DATABASE_URL and does what server/index.ts does before it listens
// (prepareDatabase: migrations, demo seed, stored session secret), then one thing with a session.
//   start-instance.ts sign-in <email>   → signs the user in; prints the cookie
//   start-instance.ts whoami <cookie>   → prints the e-mail of the cookie's user, or null
// Its last line of output is JSON: { seeded, secret (a fingerprint), cookie?, email? }.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { openDatabase, setDatabase } from "../../server/db/client";
import { users } from "../../server/db/schema";
import { prepareDatabase } from "../../server/db/startup";
import { getEnv } from "../../server/env";
import { createUserSession, getSessionUser } from "~/lib/auth/session.server";

const [mode, argument] = process.argv.slice(2);
const env = getEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
setDatabase(database);
const { seeded } = await prepareDatabase(database, env);
const secret = crypto.createHash("sha256").update(env.SESSION_SECRET).digest("hex").slice(0, 12);
const out: Record<string, unknown> = { seeded, secret };
if (mode === "sign-in") {
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, argument));
  out.cookie = (await createUserSession(user.id, new Request("http://localhost/login"))).split(";")[0];
} else if (mode === "whoami") {
  const user = await getSessionUser(new Request("http://localhost/", { headers: { cookie: argument } }));
  out.email = user?.email ?? null;
}
await database.close();
console.log(JSON.stringify(out));
