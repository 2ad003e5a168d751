import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

type ManifestEntry = { module: string; imports?: string[]; css?: string[] };
type Manifest = { entry: ManifestEntry; routes: Record<string, ManifestEntry & { parentId?: string }> };

/**
 * Gzipped JavaScript a browser loads for a route on its first visit: the entry, then every route module
 * from the root down to the route, with their imports, each file counted once.
 */
export async function jsWeights(buildDir: string, routeIds: string[] | "all"): Promise<{ id: string; kb: number }[]> {
  const { build } = (await import(path.resolve(buildDir, "server/index.js"))) as { build: { assets: Manifest } };
  const manifest = build.assets;
  if (routeIds === "all") routeIds = Object.keys(manifest.routes);
  const sizeOf = new Map<string, number>();
  const gz = (url: string) => {
    if (!sizeOf.has(url)) {
      const file = path.join(buildDir, "client", url);
      sizeOf.set(url, fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file)).length : 0);
    }
    return sizeOf.get(url)!;
  };
  return routeIds
    .filter((id) => manifest.routes[id])
    .map((id) => {
      const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
      for (
        let r: (ManifestEntry & { parentId?: string }) | undefined = manifest.routes[id];
        r;
        r = r.parentId ? manifest.routes[r.parentId] : undefined
      ) {
        files.add(r.module);
        for (const i of r.imports ?? []) files.add(i);
      }
      return { id, kb: Math.round(([...files].reduce((n, f) => n + gz(f), 0) / 1024) * 10) / 10 };
    });
}
