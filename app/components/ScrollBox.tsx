import { cn } from "~/lib/cn";

/**
 * A box that scrolls sideways (a wide table on a phone). It is a named, focusable region, so a
 * keyboard user can reach it and scroll it with the arrow keys even when it holds nothing focusable
 * (axe: scrollable-region-focusable). `relative` keeps the sr-only texts inside it: without it they
 * are placed against the page and widen it on a phone.
 */
export function ScrollBox({
  label,
  className,
  children,
  ...rest
}: { label: string; className?: string; children: React.ReactNode } & React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        "relative overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
        className,
      )}
      {...rest}
    >
      {children}
    </div>
  );
}
