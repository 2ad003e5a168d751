/**
 * `npm run dev`: Vite serves the app with hot reload, and loads this server's code through its own
 * module graph, so the app and the server share one copy of every module as in production.
 */
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true } });
const { start, startupFailed } = (await vite.ssrLoadModule("/server/main.ts")) as typeof import("./main");
await start({ build: () => vite.ssrLoadModule("virtual:react-router/server-build") as never, vite }).catch(async (error: unknown) => {
  await vite.close();
  startupFailed(error);
});
