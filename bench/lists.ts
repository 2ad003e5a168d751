/**
 * One entry per list screen and query shape: the document URL and the raw SQL the loader runs for
 * it (same filters, sort, page size), so the bench can report document time over database time.
 * Each area adds its lines here.
 */
export type BenchList = { route: string; query: string; sql?: string; params?: unknown[] };

export const LISTS: BenchList[] = [
  { route: "/login", query: "" },
];
