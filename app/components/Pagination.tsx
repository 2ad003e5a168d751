import { Link, useLocation } from "react-router";
import { pageCount, withParams } from "~/lib/list-url";
import { cn } from "~/lib/cn";

/** Page links built from the current URL, so filters and sort are kept. */
export function Pagination({
  page,
  total,
  pageSize,
  param = "page",
  basePath,
}: {
  page: number;
  total: number;
  pageSize: number;
  param?: string;
  /** The list's own path, so paging from an open dialog closes it. */
  basePath?: string;
}) {
  const { search, pathname: current } = useLocation();
  const pathname = basePath ?? current;
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const windowed = pageWindow(page, pages);
  const href = (p: number) => pathname + withParams(search, { [param]: p === 1 ? undefined : p });
  return (
    <nav aria-label="Paginación" className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
      <p className="text-slate-500">
        Página {page} de {pages}
      </p>
      <ul className="flex items-center gap-1">
        <li>
          <PageLink to={href(Math.max(1, page - 1))} disabled={page <= 1} label="Anterior">
            ‹
          </PageLink>
        </li>
        {windowed.map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="px-2 text-slate-500">
              …
            </li>
          ) : (
            <li key={p}>
              <PageLink to={href(p)} current={p === page} label={`Página ${p}`}>
                {p}
              </PageLink>
            </li>
          ),
        )}
        <li>
          <PageLink to={href(Math.min(pages, page + 1))} disabled={page >= pages} label="Siguiente">
            ›
          </PageLink>
        </li>
      </ul>
    </nav>
  );
}

function PageLink({
  to,
  children,
  current,
  disabled,
  label,
}: {
  to: string;
  children: React.ReactNode;
  current?: boolean;
  disabled?: boolean;
  label: string;
}) {
  const cls = cn(
    "inline-flex min-w-9 items-center justify-center rounded-md border px-2.5 py-1.5",
    current ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white hover:bg-slate-50",
    disabled && "pointer-events-none opacity-40",
  );
  if (disabled)
    return (
      <span className={cls} aria-disabled="true" aria-label={label}>
        {children}
      </span>
    );
  return (
    <Link to={to} className={cls} aria-current={current ? "page" : undefined} aria-label={label} preventScrollReset>
      {children}
    </Link>
  );
}

export function pageWindow(page: number, pages: number): Array<number | null> {
  const set = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...set].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}
