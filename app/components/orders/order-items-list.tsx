import { cn } from "~/lib/cn";
import { formatMoney } from "@common/format";

/** An order's items (publication id, title, qty × price), as both the order and conversation dialogs show them. */
export function OrderItemsList({
  items,
  className,
}: {
  items: ReadonlyArray<{ id: string; title: string; qty: number; price: number }>;
  className?: string;
}) {
  return (
    <ul className={cn("divide-y divide-slate-100 text-sm", className)} aria-label="Artículos">
      {items.map((it, k) => (
        <li key={`${it.id}-${k}`} className="flex justify-between gap-3 py-1.5">
          <span>
            <span className="font-mono text-xs text-slate-500">{it.id}</span> {it.title}
          </span>
          <span className="whitespace-nowrap tabular-nums">
            {it.qty} × {formatMoney(it.price)}
          </span>
        </li>
      ))}
    </ul>
  );
}
