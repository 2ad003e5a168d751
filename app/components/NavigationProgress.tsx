import { useFetchers, useNavigation } from "react-router";
import { useEffect, useState } from "react";

/**
 * A thin bar at the top of the window while a page change or a form is under way. It waits 150 ms
 * before showing, so fast answers do not flicker, and it says "Cargando…" to screen readers.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const active = navigation.state !== "idle" || fetchers.some((f) => f.state === "submitting");
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), 150);
    return () => clearTimeout(timer);
  }, [active]);
  return (
    <div
      role="progressbar"
      aria-label="Cargando…"
      aria-hidden={!shown}
      data-testid="navigation-progress"
      data-state={shown ? navigation.state : "idle"}
      className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-1 overflow-hidden print:hidden"
    >
      <div
        className={
          shown
            ? "h-full w-full origin-left animate-[nav-progress_2s_ease-out_forwards] bg-brand-500"
            : "h-full w-full origin-left scale-x-0 bg-brand-500 opacity-0 transition-opacity duration-300"
        }
      />
    </div>
  );
}
