/**
 * Inline SVG icons: office machines often lack emoji fonts, so symbols drawn as text show as boxes.
 */
const paths = {
  copy: "M8 8h11v11H8zM5 16H4V5h11v1",
  paperclip: "M21 11.5l-8.5 8.5a5 5 0 01-7-7L14 4.5a3.5 3.5 0 015 5L10.5 18a2 2 0 01-3-3L15 7.5",
  construction: "M3 20h18M5 20l3-14h8l3 14M7 13h10M9.5 6l-1 4M14.5 6l1 4",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, className = "h-4 w-4", label }: { name: IconName; className?: string; label?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={paths[name]} />
    </svg>
  );
}
