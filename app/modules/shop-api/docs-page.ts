/**
 * A readable page of the OpenAPI document (`/api/shop/v1/docs`), drawn on the server from the
 * document itself: paths, parameters and every response field. No script, no CDN.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
  default?: unknown;
  maxLength?: number;
  pattern?: string;
  format?: string;
  const?: unknown;
};
type Doc = {
  info: { title: string; description?: string; version: string };
  servers?: Array<{ url: string }>;
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: Schema }>;
        responses: Record<string, { description: string; content?: Record<string, { schema?: Schema }> }>;
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
};

const esc = (s: unknown) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function describe(schema: Schema | undefined, doc: Doc): string {
  if (!schema) return "";
  if (schema.$ref) return schema.$ref.split("/").pop()!;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((v) => describe(v, doc)).join(" | ");
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "");
  if (type === "array") return `${describe(schema.items, doc)}[]`;
  if (type === "object" && schema.properties) return "objeto";
  return type + (schema.format ? ` (${schema.format})` : "");
}

function fieldRows(schema: Schema | undefined, doc: Doc, prefix: string, seen: Set<string>): string[] {
  if (!schema) return [];
  if (schema.$ref) {
    const name = schema.$ref.split("/").pop()!;
    if (seen.has(name)) return [];
    return fieldRows(doc.components?.schemas?.[name], doc, prefix, new Set([...seen, name]));
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.flatMap((v) => fieldRows(v, doc, prefix, seen));
  if (schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array")))
    return fieldRows(schema.items, doc, `${prefix}[]`, seen);
  if (!schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const row = `<tr><td><code>${esc(path)}</code></td><td>${esc(describe(value, doc))}</td><td>${schema.required?.includes(key) ? "sí" : "no"}</td><td>${esc(value.description ?? "")}</td></tr>`;
    return [row, ...fieldRows(value, doc, path, seen)];
  });
}

export function shopDocsPage(document: object): string {
  const doc = document as Doc;
  const base = doc.servers?.[0]?.url ?? "";
  const sections = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${esc(describe(p.schema, doc))}${p.schema?.maxLength ? ` (máx. ${p.schema.maxLength})` : ""}</td><td>${p.schema?.default !== undefined ? esc(p.schema.default) : ""}</td><td>${esc(p.description ?? "")}</td></tr>`,
        )
        .join("");
      const responses = Object.entries(op.responses)
        .map(([status, r]) => {
          const schema = r.content?.["application/json"]?.schema;
          const rows = status === "200" ? fieldRows(schema, doc, "", new Set()).join("") : "";
          return `<h4>${esc(status)} — ${esc(r.description)}</h4>${rows ? `<table><thead><tr><th>Campo</th><th>Tipo</th><th>Siempre</th><th>Descripción</th></tr></thead><tbody>${rows}</tbody></table>` : ""}`;
        })
        .join("");
      return `<section><h2><code>${esc(method.toUpperCase())} ${esc(base + path)}</code></h2><p>${esc(op.summary ?? "")}</p>${params ? `<h3>Parámetros</h3><table><thead><tr><th>Nombre</th><th>En</th><th>Tipo</th><th>Predeterminado</th><th>Descripción</th></tr></thead><tbody>${params}</tbody></table>` : ""}<h3>Respuestas</h3>${responses}</section>`;
    }),
  );
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(doc.info.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem;font-size:.875rem}th,td{border:1px solid #d1d5db;padding:.25rem .5rem;text-align:left;vertical-align:top}section{border-top:1px solid #e5e7eb;margin-top:1.5rem}code{font-size:.9em}</style></head><body><h1>${esc(doc.info.title)} <small>v${esc(doc.info.version)}</small></h1><p>${esc(doc.info.description ?? "")}</p><p>Documento OpenAPI 3.1: <a href="${esc(base)}/openapi.json">${esc(base)}/openapi.json</a></p>${sections.join("")}</body></html>`;
}
