/**
 * Category attributes (spec 1 §5): those tagged required or catalog_required must be filled; those
 * tagged allow_variations are the variation attributes (colour, light colour…), deduplicated by id.
 * SELLER_SKU is filled from the linked products, never asked for.
 */
export type AttributeLike = {
  id: string;
  name: string;
  required: boolean;
  catalogRequired: boolean;
  allowVariations: boolean;
  valueType?: string;
  values?: Array<{ id: string; name: string }>;
};

export type ClassifiedAttributes<A extends AttributeLike> = { required: A[]; optional: A[]; variation: A[] };

export function classifyAttributes<A extends AttributeLike>(attributes: readonly A[]): ClassifiedAttributes<A> {
  const required: A[] = [];
  const optional: A[] = [];
  const variation: A[] = [];
  const seen = new Set<string>();
  const seenVariation = new Set<string>();
  for (const a of attributes) {
    if (a.allowVariations) {
      if (!seenVariation.has(a.id)) {
        seenVariation.add(a.id);
        variation.push(a);
      }
      continue;
    }
    if (a.id === "SELLER_SKU" || seen.has(a.id)) continue;
    seen.add(a.id);
    (a.required || a.catalogRequired ? required : optional).push(a);
  }
  return { required, optional, variation };
}
