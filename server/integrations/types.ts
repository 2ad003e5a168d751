import type { AiPort } from "./ai/port";
import type { ErpPort } from "./erp/port";
import type { InvoicingPort } from "./invoicing/port";
import type { MarketplacePort } from "./marketplace/port";

/** The four legacy systems, as one bundle the app asks for with getIntegrations(). */
export type Integrations = {
  kind: "simulator" | "http";
  erp: ErpPort;
  marketplace: MarketplacePort;
  ai: AiPort;
  invoicing: InvoicingPort;
};
