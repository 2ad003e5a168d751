import { getIntegrations, isIntegrationError } from "@server/integrations";
import { pickList } from "./allocation";

export type SurtidoQuery = { search?: string; page: number };

/**
 * One page of pending picking records from the ERP, each with its picking list. The ERP pages and
 * searches (the search is upper-cased, as the ERP expects); an ERP failure is an answer the screen
 * shows, not an error page.
 */
/** What the ERP is asked for: the search upper-cased, as the ERP reads it. */
export function surtidoRequest(query: SurtidoQuery) {
  return { search: query.search ? query.search.toUpperCase() : undefined, page: query.page };
}

export async function listSurtido(query: SurtidoQuery) {
  const { search } = surtidoRequest(query);
  try {
    const { data, meta } = await getIntegrations().erp.listSurtido(surtidoRequest(query));
    return {
      ok: true as const,
      search,
      records: data.map((record) => ({ ...record, ...pickList(record.lines) })),
      total: meta.total,
      page: meta.page,
      pageSize: meta.limit,
    };
  } catch (error) {
    if (!isIntegrationError(error)) throw error;
    return { ok: false as const, search, message: error.message, retryable: error.retryable };
  }
}

export type SurtidoPage = Awaited<ReturnType<typeof listSurtido>>;
export type SurtidoRecordView = Extract<SurtidoPage, { ok: true }>["records"][number];
