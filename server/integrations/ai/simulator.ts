/**
 * A stateful stand-in for the AI service. Documents are "read" from the catalogue product they
 * belong to (name, description, properties, measures), stored as pages in sim.ai_documents, and
 * questions are answered with the sentences of those pages that best match.
 */
import type { Database } from "../../db/client";
import type { SimRuntime } from "../simulator/runtime";
import { refusalsOf } from "../simulator/store";
import type { AiPort, ProductFeature } from "./port";
import { appendSummary, bestSentences, extractFeatures, stripHtml } from "./sim-text";

/** Assistant names: 4+ characters, letters, digits and underscores only (they become table names). */
const ASSISTANT_NAME = /^[A-Za-z0-9_]{4,}$/;

type ProductFacts = {
  id: string;
  name: string;
  manufacturer_sku: string;
  descripcion1: string | null;
  description: string;
  brand: string | null;
  tall: number;
  wide: number;
  long: number;
  weight: number;
  properties: Array<{ name: string; value: string }> | null;
};

const PRODUCT_FACTS = `
  select p.id, p.name, p.manufacturer_sku, p.descripcion1, p.description, b.name as brand,
         p.tall::float8 as tall, p.wide::float8 as wide, p.long::float8 as long, p.weight::float8 as weight,
         (select jsonb_agg(jsonb_build_object('name', pp.name, 'value', pp.value) order by pp.sort, pp.id)
            from public.product_properties pp where pp.product_id = p.id and pp.value <> '') as properties
    from public.products p left join public.brands b on b.id = p.brand_id`;

async function productBySku(database: Database, sku: string): Promise<ProductFacts | null> {
  const rows = await database.query<ProductFacts>(`${PRODUCT_FACTS} where upper(p.id) = upper($1)`, [sku.trim()]);
  return rows[0] ?? null;
}

/** The product a data sheet describes: by its exact name, else by a SKU that appears in the file name. */
async function productForSheet(database: Database, productName: string, fileName: string): Promise<ProductFacts | null> {
  const byName = await database.query<ProductFacts>(`${PRODUCT_FACTS} where lower(p.name) = lower($1) limit 1`, [productName.trim()]);
  if (byName[0]) return byName[0];
  const base = fileName.replace(/\.[a-z0-9]+$/i, "").toUpperCase();
  const bySku = await database.query<ProductFacts>(
    `${PRODUCT_FACTS} where length(p.id) >= 3 and position(upper(p.id) in $1) > 0 order by length(p.id) desc limit 1`,
    [base],
  );
  return bySku[0] ?? null;
}

/** The pages a data sheet of this product would hold. */
export function sheetPages(p: ProductFacts): string[] {
  const pages: string[] = [];
  const head = [`Ficha técnica: ${p.name}.`, `SKU ${p.id}.`];
  if (p.manufacturer_sku) head.push(`Clave de fabricante ${p.manufacturer_sku}.`);
  if (p.brand) head.push(`Marca ${p.brand}.`);
  if (p.descripcion1) head.push(`Descripción corta: ${p.descripcion1}.`);
  pages.push(head.join(" "));
  const body = stripHtml(p.description ?? "");
  if (body) pages.push(`Descripción. ${body}`);
  const properties = p.properties?.length ? p.properties : extractFeatures(`${p.name} ${p.descripcion1 ?? ""}`);
  if (properties.length) pages.push(`Especificaciones. ${properties.map((x) => `${x.name}: ${x.value}.`).join(" ")}`);
  if (p.tall || p.wide || p.long || p.weight) {
    pages.push(`Dimensiones y peso. Alto ${p.tall} cm, ancho ${p.wide} cm, largo ${p.long} cm. Peso ${p.weight} kg.`);
  }
  return pages;
}

export function createSimulatorAi(sim: SimRuntime): AiPort {
  const db = () => sim.database;
  const refuse = refusalsOf("ai");

  async function requireAssistant(call: string, name: string) {
    const rows = await db().query(`select 1 from sim.ai_assistants where name = $1`, [name]);
    if (rows.length === 0) throw refuse(call, `El asistente ${name} no existe.`, 404);
  }

  async function answer(assistant: string, question: string): Promise<string> {
    const docs = await db().query<{ file_name: string; pages: string[] }>(
      `select file_name, pages from sim.ai_documents where assistant = $1 order by created_at, document_id`,
      [assistant],
    );
    if (docs.length === 0) {
      return "Todavía no puedo responder bien esa pregunta: este asistente aún no tiene documentos específicos. Agrega fichas técnicas para mejorar mis respuestas.";
    }
    let best: { file: string; found: string[] } | null = null;
    for (const d of docs) {
      const found = bestSentences(question, d.pages);
      if (found.length > 0 && (!best || found.length > best.found.length)) best = { file: d.file_name, found };
    }
    if (!best) {
      const names = docs
        .map((d) => d.file_name)
        .slice(0, 5)
        .join(", ");
      return `No encontré esa información en los documentos de este asistente. Puedo ayudarte con lo que dicen: ${names}.`;
    }
    return `De acuerdo con la ficha técnica ${best.file}: ${best.found.join(" ")}`;
  }

  return {
    generateDescription(input) {
      return sim.run("ai", "generateDescription", [input.productName, input.file.name], async () => {
        if (!input.file.url.trim())
          throw refuse("generateDescription", "El documento no está guardado; no se puede leer la ficha técnica.", 400);
        const product = await productForSheet(db(), input.productName, input.file.name);
        if (!product) {
          const features = extractFeatures(input.productName);
          return {
            description: `${input.productName}. Información tomada de la ficha técnica ${input.file.name}.`,
            features,
          };
        }
        const features: ProductFeature[] = product.properties?.length
          ? product.properties.map((p) => ({ name: p.name, value: p.value }))
          : extractFeatures(`${product.name} ${product.descripcion1 ?? ""} ${stripHtml(product.description)}`);
        const intro = `${product.name}${product.brand ? ` de la marca ${product.brand}` : ""}${product.manufacturer_sku ? ` (clave ${product.manufacturer_sku})` : ""}.`;
        const body = stripHtml(product.description).split("\n")[0]?.slice(0, 400) ?? "";
        const highlights = features
          .slice(0, 4)
          .map((f) => `${f.name.toLowerCase()} ${f.value}`)
          .join(", ");
        const description = [intro, body, highlights ? `Entre sus características destacan: ${highlights}.` : ""].filter(Boolean).join(" ");
        return { description, features };
      });
    },

    createAssistant(name) {
      return sim.run("ai", "createAssistant", [name], async () => {
        if (!ASSISTANT_NAME.test(name)) {
          throw refuse(
            "createAssistant",
            "Nombre del asistente inválido: mínimo cuatro caracteres, sin espacios, acentos ni caracteres especiales.",
            400,
          );
        }
        const rows = await db().query(`insert into sim.ai_assistants (name) values ($1) on conflict do nothing returning name`, [name]);
        if (rows.length === 0) throw refuse("createAssistant", `Ya existe un asistente llamado ${name}.`, 409);
      });
    },

    deleteAssistant(name) {
      return sim.run("ai", "deleteAssistant", [name], async () => {
        await requireAssistant("deleteAssistant", name);
        await db().query(`delete from sim.ai_documents where assistant = $1`, [name]);
        await db().query(`delete from sim.ai_assistants where name = $1`, [name]);
      });
    },

    addDocument(input) {
      return sim.run("ai", "addDocument", [input.assistant, input.documentId, input.file.name], async () => {
        await requireAssistant("addDocument", input.assistant);
        if (!input.productId.trim()) throw refuse("addDocument", "Es necesario indicar el SKU del producto del documento.", 400);
        const duplicate = await db().query(
          `select 1 from sim.ai_documents where assistant = $1 and (document_id = $2 or lower(file_name) = lower($3))`,
          [input.assistant, input.documentId, input.file.name],
        );
        if (duplicate.length > 0) throw refuse("addDocument", `Documento ya existente: ${input.file.name}.`, 409);
        const product = await productBySku(db(), input.productId);
        const pages = product
          ? sheetPages(product)
          : [`Documento ${input.file.name}.`, `Producto ${input.productId.toUpperCase()}: la ficha técnica no tiene texto extraíble.`];
        await db().query(
          `insert into sim.ai_documents (assistant, document_id, product_id, file_name, file_url, pages) values ($1, $2, $3, $4, $5, $6::jsonb)`,
          [input.assistant, input.documentId, input.productId.toUpperCase(), input.file.name, input.file.url, JSON.stringify(pages)],
        );
        return { documentId: input.documentId };
      });
    },

    deleteDocument(input) {
      return sim.run("ai", "deleteDocument", [input.assistant, input.documentId], async () => {
        const rows = await db().query(`delete from sim.ai_documents where assistant = $1 and document_id = $2 returning 1`, [
          input.assistant,
          input.documentId,
        ]);
        if (rows.length === 0) throw refuse("deleteDocument", "El documento no existe en este asistente.", 404);
      });
    },

    getDocument(input) {
      return sim.run("ai", "getDocument", [input.assistant, input.documentId], async () => {
        const rows = await db().query<{ pages: string[] }>(`select pages from sim.ai_documents where assistant = $1 and document_id = $2`, [
          input.assistant,
          input.documentId,
        ]);
        return rows[0] ? { documentId: input.documentId, pages: rows[0].pages } : null;
      });
    },

    ask(input) {
      return sim.run("ai", "ask", [input.assistant, input.question], async () => {
        await requireAssistant("ask", input.assistant);
        return { answer: await answer(input.assistant, input.question) };
      });
    },

    askWithSummary(input) {
      return sim.run("ai", "askWithSummary", [input.assistant, input.message], async () => {
        await requireAssistant("askWithSummary", input.assistant);
        // The running summary gives context: a follow-up like "¿y el calibre?" is read with it.
        const context = `${input.summary ?? ""} ${input.message}`;
        let response = await answer(input.assistant, input.message);
        if (response.startsWith("No encontré") && input.summary) response = await answer(input.assistant, context);
        const asked = input.message.trim().replace(/\s+/g, " ").slice(0, 120);
        return { response, summary: appendSummary(input.summary, `El cliente preguntó: "${asked}".`) };
      });
    },
  };
}
