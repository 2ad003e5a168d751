import type { IntegrationModes } from "../env";
import type { AiPort } from "./ai/port";
import type { ContentPort } from "./content/port";
import type { ErpPort } from "./erp/port";
import type { InvoicingPort } from "./invoicing/port";
import type { MarketplacePort } from "./marketplace/port";

/** The legacy systems, as one bundle the app asks for with getIntegrations(). */
export type Integrations = {
  /** Which adapter serves each system (INTEGRATIONS). */
  modes: IntegrationModes;
  erp: ErpPort;
  marketplace: MarketplacePort;
  ai: AiPort;
  invoicing: InvoicingPort;
  content: ContentPort;
};
