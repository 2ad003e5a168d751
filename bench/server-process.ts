import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../scripts/free-port.mjs";
import { serverArgs } from "../scripts/server-command.mjs";

/**
 * The built app as its own process, as users reach it: its own event loop, its own database handle,
 * the full request path (session cookie, guard, render, compression).
 */
export async function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ base: string; stop: () => Promise<void> }> {
  // A port nobody holds (several instances start at once).
  const port = String(await freePort());
  // `nodeArgs` go to node before the bundle (the profile's --inspect).
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...serverArgs()], {
    // SIM_ACTIVITY=0: the bench data changes only by what a bench does (no simulated activity).
    env: { ...process.env, SIM_ACTIVITY: "0", ...env, PORT: port, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A bench that stops early must not leave the app running on the bench database.
  const killChild = () => child.kill("SIGKILL");
  process.once("exit", killChild);
  let log = "";
  // Only the start-up is kept (to say why it failed): once ready, the server's JSON access log (a
  // line a request) would pile up here for the whole run.
  let ready = false;
  child.stderr?.on("data", (c: Buffer) => {
    if (!ready) log += c.toString();
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`El servidor no arrancó en 120 s:\n${log}`)), 120_000);
    child.stdout?.on("data", (c: Buffer) => {
      if (ready) return;
      log += c.toString();
      if (log.includes("Back office listo")) {
        ready = true;
        log = "";
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`El servidor terminó (código ${code}):\n${log}`));
    });
  });
  child.removeAllListeners("exit");
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
      }),
  };
}
