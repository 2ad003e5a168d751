import { formatRelative } from "@common/format";

/**
 * "hace 28 segundos": the server and the browser read the clock a moment apart, so the text may
 * differ by the time the page hydrates. The browser keeps the server's text instead of failing the
 * hydration (which would redraw the whole page).
 */
export function RelativeTime({ date }: { date: string | Date }) {
  return (
    <time dateTime={typeof date === "string" ? date : date.toISOString()} suppressHydrationWarning>
      {formatRelative(date)}
    </time>
  );
}
