// A feed run in a process of its own, for tests/db/feed-crash.test.ts to kill with SIGKILL halfway:
// it opens the database of DATABASE_URL (or the PGlite directory DATA_DIR) and runs the orders feed
// against the content back end at CONTENT_URL, page after page, printing "page" after each commit.
import { openDatabase, setDatabase } from "../../server/db/client";
import { createHttpContent } from "../../server/integrations/content/http";
import { runCollectionFeed } from "~/modules/sync/feed-engine.server";
import { applyOrders } from "~/modules/sync/feeds.server";
import { upstreamOrder } from "~/modules/sync/upstream";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR! });
setDatabase(database);
const content = createHttpContent({ baseUrl: process.env.CONTENT_URL!, token: "secreto", timeoutMs: 10_000 });
await runCollectionFeed(
  {
    name: "orders-main",
    collection: "mercadolibre_orders",
    changedField: "updated_at",
    schema: upstreamOrder,
    pageSize: Number(process.env.PAGE_SIZE ?? 50),
    apply: async (tx, records) => {
      const n = await applyOrders(tx, records, "main");
      process.stdout.write("page\n");
      return n;
    },
  },
  { content },
);
await database.close();
console.log("done");
