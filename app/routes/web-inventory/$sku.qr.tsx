import type { LoaderFunctionArgs } from "react-router";
import { getDb } from "@server/db/client";
import { products } from "@server/db/schema";
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { requireFeature } from "~/lib/auth/guard.server";
import { skuFrom } from "~/routes/web-inventory/product-route.server";

/**
 * Descargar QR (spec 6 roles, spec 9: 200 px, error correction level 1 = L, "encodes the SKU"): a PNG
 * of the SKU itself, so a scanner at the till or the warehouse reads the key it looks products up by;
 * made on the server (`?format=svg` for a vector copy).
 */
export async function loader({ request, url, params }: LoaderFunctionArgs) {
  const sku = skuFrom(params);
  await requireFeature(request, url, "products.qr", `/web-inventory/${encodeURIComponent(sku)}`);
  const [row] = await getDb().select({ id: products.id }).from(products).where(eq(products.id, sku)).limit(1);
  if (!row) throw new Response("El producto no existe o fue eliminado.", { status: 404 });
  const target = row.id;
  const svg = url.searchParams.get("format") === "svg";
  const name = `${sku.replace(/[^A-Za-z0-9_-]/g, "_")}-qr.${svg ? "svg" : "png"}`;
  const headers = { "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "no-store" };
  if (svg) {
    const body = await QRCode.toString(target, { type: "svg", width: 200, errorCorrectionLevel: "L", margin: 2 });
    return new Response(body, { headers: { ...headers, "Content-Type": "image/svg+xml" } });
  }
  const png = await QRCode.toBuffer(target, { type: "png", width: 200, errorCorrectionLevel: "L", margin: 2 });
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Type": "image/png" } });
}
