import { useEffect, useRef, type DependencyList, type EffectCallback } from "react";

/**
 * An effect for a change of `deps` after the page came to life, never for its first render: React
 * taking over the server's page must not put back values the user typed or chose before it did.
 */
export function useUpdateEffect(effect: EffectCallback, deps: DependencyList) {
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    return effect();
    // The caller's deps are the effect's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
