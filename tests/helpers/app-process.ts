/**
 * The built server bundle as a process of its own, as production runs it (NODE_ENV=production), on a
 * free port, for tests that need whole instances: several on one database, a restored copy. Built
 * first when missing (as scripts/e2e-server.mjs does). Ready when /login answers 200.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../../scripts/free-port.mjs";
import { serverArgs } from "../../scripts/server-command.mjs";
import { BUILD_DIR, ensureBuild } from "./server-child";

export type AppProcess = { base: string; log: () => string; stop: () => Promise<void> };

export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  ensureBuild();
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, serverArgs(BUILD_DIR), {
    env: {
      ...process.env,
      SIM_ACTIVITY: "0",
      FEED_INTERVAL_MS: "0",
      HOST: "127.0.0.1",
      ...env,
      NODE_ENV: "production",
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
    });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó (código ${child.exitCode}):\n${log}`);
    const answer = await fetch(`${base}/login`).catch(() => null);
    if (answer?.status === 200) return { base, log: () => log, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`El servidor no respondió en 120 s:\n${log}`);
}

/** Signs in through the form, as a browser would; the session cookie, or the refused answer. */
export async function signIn(base: string, email: string, password: string): Promise<{ status: number; cookie: string; body: string }> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    headers: { origin: base },
    redirect: "manual",
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.startsWith("bo_session="))
    .join("; ");
  return { status: res.status, cookie, body: await res.text() };
}
