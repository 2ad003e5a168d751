import { useFetcher, useLocation } from "@remix-run/react";
import { cn } from "~/lib/cn";
import { SHOP_SECTIONS_PATH, type ShopSectionRow } from "./shop-section-texts";

/**
 * The list's Activa switch. A real POST form (the page comes back with a toast without JavaScript);
 * with it, a fetcher posts in place and the switch shows the new state at once. The action always
 * redirects, so the list reloads from the database: a refused change flips back by itself.
 */
export function SectionStatusSwitch({ row }: { row: ShopSectionRow }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("status");
  const shown = typeof pending === "string" ? pending === "true" : row.status;
  return (
    <fetcher.Form method="post" action={`${SHOP_SECTIONS_PATH}${useLocation().search}`} preventScrollReset>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="status" value={shown ? "false" : "true"} />
      <button
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-label={`Activa ${row.title}`}
        data-testid={`section-status-${row.id}`}
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
          shown ? "bg-brand-600" : "bg-slate-300",
        )}
      >
        <span aria-hidden className={cn("inline-block h-5 w-5 rounded-full bg-white shadow transition-transform", shown ? "translate-x-5" : "translate-x-0")} />
      </button>
    </fetcher.Form>
  );
}
