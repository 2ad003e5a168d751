import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { getEnv } from "./env";
import { openDatabase, setDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { seedIfEmpty } from "./db/seed/seed-if-empty";
import { DEMO_USERS, DEMO_PASSWORD } from "./db/seed/demo-users";
import { closePdfBrowser } from "./documents/pdf.server";

const started = Date.now();
const isDev = process.argv.includes("--dev");
if (!isDev) process.env.NODE_ENV ??= "production";
const env = getEnv();

const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
setDatabase(database);
await migrate(database);
const seeded = await seedIfEmpty(database, env);

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
app.use(compression());

// A fresh nonce per response: inline scripts Remix emits carry it, nothing else inline may run.
app.use((_req, res, next) => {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  const scriptSrc = isDev ? `'self' 'nonce-${nonce}' 'unsafe-eval'` : `'self' 'nonce-${nonce}' 'strict-dynamic'`;
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src ${scriptSrc}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      `connect-src 'self'${isDev ? " ws: wss:" : ""}`,
      "font-src 'self' data:",
      "frame-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'self'",
    ].join("; "),
  );
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "same-origin");
  next();
});

let build: ServerBuild | (() => Promise<ServerBuild>);
if (isDev) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteServer.middlewares);
  build = () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
} else {
  const buildDir = path.resolve("build");
  app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
  build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
}

app.all(
  "*",
  createRequestHandler({
    build: build as ServerBuild,
    mode: isDev ? "development" : "production",
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
  }),
);

const server = app.listen(env.PORT, () => {
  const ms = Date.now() - started;
  console.log(`Back office listo en http://localhost:${env.PORT} (${ms} ms, base ${database.kind}${seeded ? ", datos demo cargados" : ""})`);
  if (env.DEMO_MODE) {
    console.log(`Usuarios demo (contraseña ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(24)} ${u.roleLabel}`);
  }
});

async function shutdown() {
  server.close();
  await closePdfBrowser().catch(() => undefined);
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
