import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

type ManifestEntry = { module: string; imports?: string[]; css?: string[] };
type Manifest = { entry: ManifestEntry; routes: Record<string, ManifestEntry & { parentId?: string }> };

/**
 * JavaScript a browser loads for a route on its first visit: the entry, then every route module from
 * the root down to the route, with their imports, each file counted once. `kb` is gzipped (the
 * budget's measure), `brKb` what a browser that accepts Brotli loads. Each file is counted as the
 * server sends it: its build-time copy (scripts/precompressed-assets.ts) when there is one, else as
 * the compression middleware makes it.
 */
export async function jsWeights(buildDir: string, routeIds: string[] | "all"): Promise<{ id: string; kb: number; brKb: number }[]> {
  const { build } = (await import(path.resolve(buildDir, "server/index.js"))) as { build: { assets: Manifest } };
  const manifest = build.assets;
  if (routeIds === "all") routeIds = Object.keys(manifest.routes);
  const sizeOf = new Map<string, { gzip: number; br: number }>();
  const sent = (url: string) => {
    if (!sizeOf.has(url)) {
      const file = path.join(buildDir, "client", url);
      const copy = (ext: string) => (fs.existsSync(`${file}${ext}`) ? fs.statSync(`${file}${ext}`).size : null);
      const onTheFly = fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file), { level: 6 }).length : 0;
      const gzip = copy(".gz") ?? onTheFly;
      sizeOf.set(url, { gzip, br: copy(".br") ?? gzip });
    }
    return sizeOf.get(url)!;
  };
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
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
      const sizes = [...files].map(sent);
      return { id, kb: kb(sizes.reduce((n, s) => n + s.gzip, 0)), brKb: kb(sizes.reduce((n, s) => n + s.br, 0)) };
    });
}
