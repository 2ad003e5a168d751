import { parseAssistantListQuery } from "../../app/modules/assistants/rules";
import { assistantsPageQuery } from "../../app/modules/assistants/assistants.server";
import { builtLine, mock } from "./built";
import { queryOf, type BenchList } from "./types";

/**
 * /chatbot-documents (app/modules/assistants/assistants.server.ts): the URL goes through the loader's
 * parser and page builder; one grouped statement (document counts by join, the total as a window).
 */
function listLine(shape: { search?: string; page?: number }): BenchList {
  const query = queryOf(shape);
  return builtLine("/chatbot-documents", query, assistantsPageQuery(mock, parseAssistantListQuery(new URLSearchParams(query))));
}

// Search terms: the demo assistants the bench seed keeps ("Iluminación", "Cables …").
export const ASSISTANT_LISTS: BenchList[] = [listLine({}), listLine({ search: "ilu" }), listLine({ search: "cables", page: 1 })];
