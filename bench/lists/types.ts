/** A list document to time: its URL, and the raw SQL its loader runs (same filters, sort and page). */
export type BenchList = { route: string; query: string; sql?: string; params?: unknown[]; anonymous?: boolean };
