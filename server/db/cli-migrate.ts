import { getEnv } from "../env";
import { openDatabase } from "./client";
import { migrateLocked } from "./startup";

const env = getEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await migrateLocked(database);
await database.close();
console.log("Migraciones aplicadas.");
