import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { StartupRefusal } from "../env";

/**
 * The embedded database (PGlite) belongs to one process: two servers writing one data directory
 * would corrupt it. A server on PGlite holds `DATA_DIR/server.lock` (its pid, host and start time,
 * created exclusively) while it runs; a second one refuses to start with one line naming the
 * holder. A lock left by a process that is gone (killed, crashed, a container restarted with the
 * same pid) is taken over.
 */
export const LOCK_FILE = "server.lock";

type Holder = { pid: number; hostname: string; startedAt: string; token: string };

/** When this process started (ms since the epoch): told apart from an older process of the same pid. */
const PROCESS_STARTED = Date.now() - Math.round(process.uptime() * 1000);

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Holder>;
    if (typeof parsed.pid !== "number" || typeof parsed.hostname !== "string") return null;
    return { pid: parsed.pid, hostname: parsed.hostname, startedAt: String(parsed.startedAt ?? ""), token: String(parsed.token ?? "") };
  } catch {
    return null;
  }
}

/** Linux: when process `pid` started (ms since the epoch), from /proc; null elsewhere or when unreadable. */
function processStartedAt(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime, in clock ticks since boot) comes after the command, which may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[19]);
    const boot = /^btime (\d+)$/m.exec(fs.readFileSync("/proc/stat", "utf8"));
    if (!Number.isFinite(ticks) || !boot) return null;
    return (Number(boot[1]) + ticks / 100) * 1000;
  } catch {
    return null;
  }
}

/** Whether the holder is a live process of this machine (another host's holder cannot be checked: it counts as live). */
export function holderIsAlive(holder: Holder): boolean {
  if (holder.hostname !== os.hostname()) return true;
  if (holder.pid === process.pid) return false; // an earlier life of this pid (a restarted container)
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // The pid is in use: by the holder, or by a newer process that reused it.
  const started = processStartedAt(holder.pid);
  const recorded = Date.parse(holder.startedAt);
  if (started === null || !Number.isFinite(recorded)) return true;
  return Math.abs(started - recorded) < 5_000;
}

export type DataDirLock = { file: string; release: () => void };

/**
 * Takes the lock of `dataDir`, or throws a StartupRefusal when a live process holds it. Released by
 * `release()` (the graceful shutdown) and, failing that, when the process exits.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: Holder = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date(PROCESS_STARTED).toISOString(),
    token: crypto.randomBytes(8).toString("hex"),
  };
  // Written whole beside the lock, then linked into place: the lock never exists half-written.
  const draft = `${file}.${process.pid}.${mine.token}`;
  fs.writeFileSync(draft, `${JSON.stringify(mine)}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.linkSync(draft, file);
        const release = () => {
          if (readHolder(file)?.token === mine.token) fs.rmSync(file, { force: true });
          process.off("exit", release);
        };
        process.on("exit", release);
        return { file, release };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = readHolder(file);
      if (holder && holderIsAlive(holder)) {
        const where = holder.hostname === os.hostname() ? "" : ` en ${holder.hostname}`;
        throw new StartupRefusal(
          `Otro servidor (pid ${holder.pid}${where}) ya usa la base embebida de ${dataDir} (${file}); detenlo antes de iniciar otro, o usa otro DATA_DIR.`,
        );
      }
      // Left by a process that is gone (or unreadable): taken over.
      fs.rmSync(file, { force: true });
    }
    throw new StartupRefusal(`No se pudo tomar el candado ${file}: otro servidor arranca a la vez sobre ${dataDir}.`);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
