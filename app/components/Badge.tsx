import { cn } from "~/lib/cn";

export const badgeVariants = {
  primary: "bg-blue-100 text-blue-800 ring-blue-200",
  success: "bg-green-100 text-green-800 ring-green-200",
  info: "bg-sky-100 text-sky-800 ring-sky-200",
  danger: "bg-red-100 text-red-800 ring-red-200",
  warning: "bg-amber-100 text-amber-800 ring-amber-200",
  orange: "bg-orange-100 text-orange-800 ring-orange-200",
  gray: "bg-slate-100 text-slate-700 ring-slate-200",
  indigo: "bg-indigo-100 text-indigo-800 ring-indigo-200",
} as const;
export type BadgeVariant = keyof typeof badgeVariants;

export function Badge({
  variant = "primary",
  children,
  className,
}: {
  variant?: BadgeVariant;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        badgeVariants[variant],
        className,
      )}
    >
      {children}
    </span>
  );
}
