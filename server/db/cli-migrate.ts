import { getEnv } from "../env";
import { openDatabase } from "./client";
import { migrate } from "./migrate";

const env = getEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await migrate(database);
await database.close();
console.log("Migraciones aplicadas.");
