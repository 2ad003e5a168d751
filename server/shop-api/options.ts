/**
 * Where the shop's content API is mounted and what the server tells it (decision 0042). Its router is
 * the app's (app/shop-api-router.server.ts), handed to the server by the app's server entry
 * (`appParts.shopApi`, decision 0048); the pieces it is built of stay here: the kept answers, the
 * rate limit and the turns at the database.
 */
export const SHOP_API_PATH = "/api/shop/v1";

export type ShopApiOptions = {
  /** Origins allowed to read from a browser (CORS), e.g. https://tienda.example.com.mx. */
  origins: readonly string[];
  /** Requests per minute per client address. */
  rateLimit: number;
  /** The clock (scheduled posts, current promotions); tests inject their own. */
  now?: () => Date;
  /**
   * Shop requests at the database at once (default 4), and how many may wait for a turn (default
   * 64; past it, 503 with Retry-After): work-limit.ts.
   */
  concurrency?: number;
  queueMax?: number;
};
