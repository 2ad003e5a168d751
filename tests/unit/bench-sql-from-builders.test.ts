import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The bench compares each list's document time with the time of the SQL its loader runs; that SQL must
 * come from the builders the loaders use (Drizzle queries, or the statements a module or the ERP
 * simulator builds), never be typed again in the bench, where it drifts from what the app runs. This
 * reads every string and template in bench/lists and names each one that is a statement reading or
 * writing a table by name. A statement that only combines builders (orders: the count and the page as
 * one statement over `with page as (${page}) …`) names no table of its own and passes.
 */
const LISTS = path.resolve(__dirname, "../../bench/lists");

/** How a statement begins (prose that happens to start with "with" or "update" does not). */
const STATEMENT_START =
  /^\s*\(?\s*(select\b|with\s+(recursive\s+)?\w+(\s*\([^)]*\))?\s+as\s*\(|insert\s+into\b|update\s+\S+\s+set\b|delete\s+from\b)/i;

/** The text of a string or template, each `${…}` as a placeholder that names nothing. */
function literalTexts(file: string, source: string): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (node: ts.Node) => {
    let text: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((s) => ` $expr ${s.literal.text}`).join("");
    if (text !== null) found.push({ line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The tables a statement's text names: what follows from / join / into / update, less its own CTEs. */
function tablesNamed(text: string): string[] {
  if (!STATEMENT_START.test(text)) return [];
  const ctes = new Set(
    [...text.matchAll(/(?:\bwith\s+(?:recursive\s+)?|,\s*)(\w+)(?:\s*\([^)]*\))?\s+as\s*\(/gi)].map((m) => m[1].toLowerCase()),
  );
  const targets = [...text.matchAll(/\b(?:from|join|into|update)\s+("?[\w.]+"?)/gi)].map((m) => m[1].replace(/"/g, "").toLowerCase());
  const named = targets.filter((t) => !ctes.has(t) && t !== "$expr");
  // A statement with no table at all (`select 1`) still is SQL typed by hand.
  return named.length || targets.length ? named : [text.trim().split(/\s+/)[0]];
}

function handTypedSql(dir: string) {
  const found: string[] = [];
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const file = path.join(dir, name);
    for (const { line, text } of literalTexts(file, fs.readFileSync(file, "utf8"))) {
      const tables = tablesNamed(text);
      if (tables.length) found.push(`bench/lists/${name}:${line} reads ${tables.join(", ")}: ${text.trim().slice(0, 60)}…`);
    }
  }
  return found;
}

describe("bench SQL", () => {
  it("comes from the loaders' builders: no bench list types a statement that names a table", () => {
    expect(handTypedSql(LISTS)).toEqual([]);
  });

  it("tells a hand-typed statement from one that combines builders", () => {
    expect(tablesNamed("select id, title from blog_posts order by id desc limit 10")).toEqual(["blog_posts"]);
    expect(
      tablesNamed(`with total as (select count(*) from sim.erp_surtido), page as (select * from sim.erp_surtido) select * from page`),
    ).toEqual(["sim.erp_surtido", "sim.erp_surtido"]);
    expect(tablesNamed(`insert into pdv_sessions (user_id) values (1)`)).toEqual(["pdv_sessions"]);
    expect(tablesNamed("select 1")).toEqual(["select"]);
    expect(tablesNamed("with page as ( $expr ) select page.*, ( $expr ) as total from page")).toEqual([]);
    expect(tablesNamed("/orders")).toEqual([]);
    expect(tablesNamed("search=select")).toEqual([]);
    expect(tablesNamed("with the page's ids")).toEqual([]);
  });
});
