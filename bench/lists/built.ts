import type { SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import * as schema from "../../server/db/schema";
import type { BenchList, Statement } from "./types";

/**
 * The bench times the loaders' own statements: each list module exports the builder its loader runs,
 * and the bench hands it this database, which only builds (never connects), to read the SQL and
 * parameters the loader would send.
 */
export const mock = drizzle.mock({ schema });
const dialect = new PgDialect();

type Buildable = SQL | { toSQL(): { sql: string; params: unknown[] } };

/** A Drizzle query (or `SQL`) as the database receives it. */
export function statementOf(query: Buildable): Statement {
  if ("toSQL" in query) {
    const { sql, params } = query.toSQL();
    return { sql, params };
  }
  const { sql, params } = dialect.sqlToQuery(query);
  return { sql, params };
}

/**
 * A bench line whose SQL is the builder's statement (a Drizzle query, `SQL`, or a statement a builder
 * returned as text), with the further statements its loader runs and a posted body where it posts.
 */
export function builtLine(
  route: string,
  query: string,
  first: Buildable | Statement,
  more: Pick<BenchList, "also" | "body"> = {},
): BenchList {
  const { sql, params } = isStatement(first) ? first : statementOf(first);
  return { route, query, sql, params, ...more };
}

function isStatement(value: Buildable | Statement): value is Statement {
  return typeof (value as Statement).sql === "string" && Array.isArray((value as Statement).params);
}
