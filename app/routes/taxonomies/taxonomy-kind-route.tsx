import type { ComponentType } from "react";

/**
 * A taxonomy route's component or error boundary: the shared one, drawn for the route's kind. The
 * taxonomy route files (sectors, applications, categories, brands) differ only by the kind.
 */
export function forKind<Kind extends string>(Component: ComponentType<{ kind: Kind }>, kind: Kind) {
  return function TaxonomyKindRoute() {
    return <Component kind={kind} />;
  };
}
