import { ASSISTANTS_PAGE_SIZE } from "../../app/modules/assistants/rules";
import { queryOf, type BenchList } from "./types";

/**
 * /chatbot-documents (app/modules/assistants/assistants.server.ts): the list is one grouped statement
 * (document counts by join, the total as a window).
 */
type Shape = { search?: string; page?: number };

function escapeLike(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listLine(shape: Shape): BenchList {
  const offset = ((shape.page ?? 1) - 1) * ASSISTANTS_PAGE_SIZE;
  const query = queryOf(shape);
  return {
    route: "/chatbot-documents",
    query,
    sql: `select a.id, a.assistant_name as name, a.restricted, count(d.id)::int as documents, count(*) over() as total
      from ai_assistants a left join ai_assistant_documents d on d.assistant_id = a.id
      ${shape.search ? "where a.assistant_name ilike $1" : ""}
      group by a.id order by a.id desc limit ${ASSISTANTS_PAGE_SIZE} offset ${offset}`,
    params: shape.search ? [escapeLike(shape.search)] : [],
  };
}

export const ASSISTANT_LISTS: BenchList[] = [
  listLine({}),
  listLine({ search: "ilu" }),
  listLine({ search: "cables", page: 1 }),
];
