import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A column of a till dialog's table: amounts (`money`) line up on the right, heading and cells alike. */
export type DialogColumn<T> = { header: string; cell: (row: T) => ReactNode; money?: boolean; className?: string };

/**
 * A small read-only table inside a till dialog (the expected amounts of the close, a sale's
 * Intelisis movements): one row of headings, then one row per item, ruled apart.
 */
export function DialogTable<T>({
  label,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  columns: DialogColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}) {
  return (
    <table className="w-full text-sm" aria-label={label}>
      <thead className="text-left text-slate-600">
        <tr>
          {columns.map((c) => (
            <th key={c.header} className={cn("py-1", c.money && "text-right")}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-t border-slate-100">
            {columns.map((c) => (
              <td key={c.header} className={cn("py-1", c.money && "text-right", c.className)}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
