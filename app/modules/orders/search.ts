/**
 * Order search parsing (spec 1 §5 "Order search parsing"), trimmed first:
 * - text containing "MLM" → publication id (upper-cased);
 * - "V" followed by digits → related order id (without the V);
 * - digits, under 5 characters → ERP movement;
 * - digits, 5 or more → order id;
 * - anything else → products (SKU), upper-cased.
 */
export type OrderSearch =
  | { kind: "publication"; value: string }
  | { kind: "related"; value: bigint }
  | { kind: "movement"; value: string }
  | { kind: "order"; value: bigint }
  | { kind: "product"; value: string };

const MAX_BIGINT = 9_223_372_036_854_775_807n;

export function parseOrderSearch(raw: string | null | undefined): OrderSearch | null {
  const text = (raw ?? "").trim();
  if (!text) return null;
  const upper = text.toUpperCase();
  if (upper.includes("MLM")) return { kind: "publication", value: upper };
  if (/^V\d+$/.test(upper)) return { kind: "related", value: clampId(upper.slice(1)) };
  if (/^\d+$/.test(text)) {
    if (text.length < 5) return { kind: "movement", value: text };
    return { kind: "order", value: clampId(text) };
  }
  return { kind: "product", value: upper };
}

/** An id out of the bigint range cannot match any order: it searches for 0 (no order has it). */
function clampId(digits: string): bigint {
  if (digits.length > 19) return 0n;
  const id = BigInt(digits);
  return id > MAX_BIGINT ? 0n : id;
}

/** Spanish description of what is being searched, for the list's hint line. */
export function describeSearch(search: OrderSearch | null): string | null {
  if (!search) return null;
  switch (search.kind) {
    case "publication":
      return `Publicación ${search.value}`;
    case "related":
      return `Venta relacionada ${search.value}`;
    case "movement":
      return `Movimiento ${search.value}`;
    case "order":
      return `Orden ${search.value}`;
    case "product":
      return `Producto (SKU) ${search.value}`;
  }
}
