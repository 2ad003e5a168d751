import path from "node:path"; import fs from "node:fs"; import zlib from "node:zlib";
const b = await import(path.resolve("build/server/index.js")); const m = b.assets;
const gz = (u: string) => { const f = path.join("build/client", u); return fs.existsSync(f) ? zlib.gzipSync(fs.readFileSync(f)).length : 0; };
const show = (id: string) => { const r = m.routes[id]; console.log("==", id, r.module, (gz(r.module)/1024).toFixed(1)); for (const i of r.imports ?? []) console.log("   ", (gz(i)/1024).toFixed(1), i); };
console.log("entry", m.entry.module, (gz(m.entry.module)/1024).toFixed(1)); for (const i of m.entry.imports ?? []) console.log("   ", (gz(i)/1024).toFixed(1), i);
for (const id of process.argv.slice(2)) show(id);
