import type { MarketplaceAccount } from "./port";

/**
 * The official stores the simulated marketplace knows (spec 1 §1: 5139 the brand's own store, 4981
 * SE Residencial, 4979 Square D) and the account each belongs to: a listing goes under a store of its
 * own account, or under none (the account itself, Meli 1).
 */
export const SIM_OFFICIAL_STORES: Readonly<Record<string, MarketplaceAccount>> = { "5139": "brand", "4981": "main", "4979": "main" };

/** The store ids as a SQL list of literals (they are digits only). */
export const simOfficialStoreList = () =>
  Object.keys(SIM_OFFICIAL_STORES)
    .map((id) => `'${id}'`)
    .join(", ");
