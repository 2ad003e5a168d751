export type BenchList = { route: string; query: string; sql?: string; params?: unknown[] };
