/**
 * The simulated AI's "intelligence": plain, deterministic text work over stored document pages, so
 * answers are sensible, repeatable and obviously grounded in the documents.
 */
import { foldAccents } from "../fold-accents";
import type { ProductFeature } from "./port";

const STOPWORDS = new Set(
  "que cual cuales cuanto cuanta cuantos cuantas como para por con una uno unos unas los las del tiene tienen este esta estos estas ese esa es son de la el en y o u un sus su mas hay me mi se lo le al si no ya cuando donde quien puede pueden sirve producto articulo favor hola buen buenos buenas dia dias tarde tardes".split(
    " ",
  ),
);

export function normalize(text: string): string {
  return foldAccents(text)
    .replace(/[^a-z0-9.]+/g, " ")
    .trim();
}

/** How buyers ask vs. how data sheets say it: both sides are mapped to one word before comparing. */
const SYNONYMS: Record<string, string> = {
  volt: "voltaje",
  volts: "voltaje",
  voltios: "voltaje",
  voltaje: "voltaje",
  tension: "voltaje",
  pesa: "peso",
  pesan: "peso",
  kilos: "peso",
  kg: "peso",
  mide: "dimensiones",
  miden: "dimensiones",
  medidas: "dimensiones",
  tamano: "dimensiones",
  dimension: "dimensiones",
  longitud: "largo",
  metros: "largo",
  mts: "largo",
  awg: "calibre",
  grosor: "calibre",
  fabricante: "marca",
  watts: "potencia",
  consumo: "potencia",
  hecho: "material",
  hecha: "material",
};

function canonical(word: string): string {
  return SYNONYMS[word] ?? word;
}

/** Content words of a question (2+ characters so "12" in "calibre 12" counts; no stop words). */
export function keywords(text: string): string[] {
  return [
    ...new Set(
      normalize(text)
        .replace(/\./g, " ")
        .split(/\s+/)
        .filter((w) => w.length >= 2 && !STOPWORDS.has(w))
        .map(canonical),
    ),
  ];
}

export function sentences(pages: string[]): string[] {
  return pages
    .flatMap((p) => p.split(/(?<=[.!?])\s+|\n+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 3);
}

/** A word matches when equal or sharing a 5-letter stem (cable/cables, tension/tensiones). */
function matches(word: string, sentenceWords: string[]): boolean {
  const stem = word.slice(0, 5);
  return sentenceWords.some((w) => w === word || (word.length >= 5 && w.startsWith(stem)));
}

/** The sentences that best answer the question, best first. */
export function bestSentences(question: string, pages: string[], max = 2): string[] {
  const words = keywords(question);
  if (words.length === 0) return [];
  return sentences(pages)
    .map((s, index) => {
      const sw = normalize(s).replace(/\./g, " ").split(/\s+/).map(canonical);
      return { s, index, score: words.filter((w) => matches(w, sw)).length };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .sort((a, b) => a.index - b.index)
    .map((x) => x.s);
}

export function stripHtml(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)[^>]*>/gi, "\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*/g, "\n")
    .trim();
}

const COLORS = ["blanco", "negro", "rojo", "verde", "azul", "amarillo", "gris", "marfil", "naranja"];

/** Technical properties readable from a product name or text ("Cable THW calibre 12 AWG 100 m negro"). */
export function extractFeatures(text: string): ProductFeature[] {
  const found: ProductFeature[] = [];
  const add = (name: string, value: string) => {
    if (!found.some((f) => f.name === name)) found.push({ name, value });
  };
  const t = ` ${text} `;
  let m: RegExpExecArray | null;
  if ((m = /(?:cal(?:ibre)?\.?\s*)(\d{1,2}(?:\/0)?)\b/i.exec(t)) || (m = /\b(\d{1,2}(?:\/0)?)\s*AWG\b/i.exec(t)))
    add("Calibre", `${m[1]} AWG`);
  if ((m = /\b(\d+(?:[.,]\d+)?)\s*W\b/.exec(t))) add("Potencia", `${m[1].replace(",", ".")} W`);
  if ((m = /\b(\d{2,4})\s*V(?:CA|CD|AC|DC)?\b/i.exec(t))) add("Voltaje", `${m[1]} V`);
  if ((m = /\b(\d{1,4})\s*A\b/.exec(t))) add("Corriente", `${m[1]} A`);
  if ((m = /\b(\d{4})\s*K\b/.exec(t))) add("Temperatura de color", `${m[1]} K`);
  if ((m = /\b(\d)\s*polos?\b/i.exec(t))) add("Número de polos", m[1]);
  if ((m = /\b(\d{1,2})\s*(?:circuitos|espacios)\b/i.exec(t))) add("Circuitos", m[1]);
  if ((m = /\b(\d+(?:[.,]\d+)?)\s*m\b/.exec(t))) add("Largo", `${m[1].replace(",", ".")} m`);
  if ((m = /\b(\d+(?:[.,]\d+)?)\s*mm\b/i.exec(t))) add("Medida", `${m[1].replace(",", ".")} mm`);
  if ((m = /\b(E27|E26|E14|GU10|MR16|GU5\.3)\b/i.exec(t))) add("Base", m[1].toUpperCase());
  if ((m = /\bIP\s?(\d{2})\b/i.exec(t))) add("Grado de protección", `IP${m[1]}`);
  const color = COLORS.find((c) => new RegExp(`\\b${c}\\b`, "i").test(normalize(t)));
  if (color) add("Color", color.charAt(0).toUpperCase() + color.slice(1));
  return found;
}

/** Keeps a running summary short: the newest sentences win. */
export function appendSummary(summary: string | null | undefined, addition: string, max = 600): string {
  const combined = [summary?.trim(), addition.trim()].filter(Boolean).join(" ");
  if (combined.length <= max) return combined;
  const cut = combined.slice(combined.length - max);
  const boundary = cut.indexOf(". ");
  return boundary >= 0 ? cut.slice(boundary + 2) : cut;
}
