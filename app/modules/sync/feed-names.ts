/** The inbound feeds (docs/live-data.md), in the order the Sincronización screen lists them. */
export const FEEDS = [
  { name: "orders-main", label: "Pedidos (Meli 1)" },
  { name: "orders-brand", label: "Pedidos (tienda oficial)" },
  { name: "questions", label: "Preguntas" },
  { name: "messages", label: "Mensajes" },
  { name: "publications", label: "Publicaciones" },
  { name: "erp-articles", label: "Artículos de Intelisis" },
  { name: "invoice-feedback", label: "Facturas de ventas" },
] as const;

export type FeedName = (typeof FEEDS)[number]["name"];

export const FEED_NAMES = FEEDS.map((f) => f.name) as FeedName[];

export function isFeedName(value: string): value is FeedName {
  return (FEED_NAMES as string[]).includes(value);
}

export function feedLabel(name: string): string {
  return FEEDS.find((f) => f.name === name)?.label ?? name;
}

/** The job that runs a feed (server/jobs). */
export const feedJobName = (name: FeedName) => `feed:${name}`;
