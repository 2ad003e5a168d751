/**
 * A stateful stand-in for the marketplace, kept in the sim schema: categories and fees, listings,
 * orders with their shipment path and labels, questions, post-sale messages and invoice feedback.
 */
import type { SimRuntime } from "../simulator/runtime";
import type { MarketplacePort } from "./port";
import { categoryCalls } from "./sim-categories";
import { conversationCalls } from "./sim-conversations";
import { invoiceFeedbackCalls } from "./sim-invoices";
import { orderCalls } from "./sim-orders";
import { publicationCalls } from "./sim-publications";

export function createSimulatorMarketplace(sim: SimRuntime, options: { sellerName: () => string }): MarketplacePort {
  return {
    ...publicationCalls(sim),
    ...categoryCalls(sim),
    ...orderCalls(sim, options.sellerName),
    ...conversationCalls(sim),
    ...invoiceFeedbackCalls(sim),
  };
}
