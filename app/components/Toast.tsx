import { useEffect, useRef, useState } from "react";
import type { Toast as ToastData } from "~/lib/toast";
import { cn } from "~/lib/cn";

const styles: Record<ToastData["variant"], string> = {
  success: "border-green-300 bg-green-50 text-green-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  danger: "border-red-300 bg-red-50 text-red-900",
};

const NO_SCRIPT_GRACE_MS = 3000;

/**
 * Shows the flashed toast. Rendered by the server, so it appears without JavaScript; with it, it hides
 * itself, and it is raised to the top layer (a manual popover) so that a modal dialog open under it
 * does not cover it.
 */
export function Toaster({ toast }: { toast: ToastData | null }) {
  const [visible, setVisible] = useState<ToastData | null>(toast);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast]);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof box.showPopover !== "function") return;
    box.setAttribute("popover", "manual");
    // Shown again, so that it lies above a dialog that became modal after it.
    if (box.matches(":popover-open")) box.hidePopover();
    box.showPopover();
  }, [visible]);
  if (!visible) return null;
  const closeId = `toast-close-${visible.id}`;
  return (
    <div ref={ref} data-toaster className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex justify-center px-3 sm:justify-end">
      <input
        type="checkbox"
        id={closeId}
        data-toast-close
        className="sr-only"
        aria-label="Cerrar aviso"
        onChange={() => setVisible(null)}
      />
      <div
        role={visible.variant === "danger" || visible.variant === "warning" ? "alert" : "status"}
        data-testid="toast"
        data-variant={visible.variant}
        className={cn("pointer-events-auto w-full max-w-sm rounded-lg border p-4 shadow-lg", styles[visible.variant])}
        // Without a script the toast still leaves, a little later than the script takes it away.
        style={{ animation: `toast-out 0.3s ease-in ${visible.durationMs + NO_SCRIPT_GRACE_MS}ms forwards` }}
      >
        <div className="flex items-start gap-3">
          <div className="flex-1">
            <p className="font-semibold">{visible.title}</p>
            {visible.message ? <p className="mt-1 text-sm">{visible.message}</p> : null}
          </div>
          <label htmlFor={closeId} className="cursor-pointer text-sm opacity-60 hover:opacity-100" aria-hidden>
            ✕
          </label>
        </div>
      </div>
    </div>
  );
}
