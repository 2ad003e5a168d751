import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { getDb } from "../../server/db/client";
import { auditLog, bannersHome, files } from "../../server/db/schema";
import { action, loader } from "~/routes/shop/banner-home";
import { readToast } from "~/lib/toast.server";
import { variantKey } from "~/modules/files/files.server";
import { isStored } from "../helpers/stored-files";
import { useTestDatabase } from "../helpers/db";
import { loginAs, makeRequest, settle } from "../helpers/auth";
import { routeArgs } from "../helpers/route-args";

await useTestDatabase();

type Reply = {
  data: { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> }; toast?: unknown };
  init: ResponseInit | null;
};
const ctx = { params: {} };
const load = (cookie: string) => settle(() => loader(routeArgs({ request: makeRequest("/banner-home", { cookie }), ...ctx })));
const save = (cookie: string, fields: Record<string, string>, image?: File) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append("image", image);
  return settle(() => action(routeArgs({ request: makeRequest("/banner-home", { cookie, form }), ...ctx })));
};
const png = async (width: number, height: number, name: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
          .png()
          .toBuffer(),
      ),
    ],
    name,
    { type: "image/png" },
  );
/** Spec 2 §5 'Banner': every text field at most 255 characters (none is required). */
const TEXT_LIMITS = {
  name: { maxLength: 255 },
  coverTitle: { maxLength: 255 },
  coverSubtitle: { maxLength: 255 },
  coverContent: { maxLength: 255 },
};
const texts = {
  name: "Ofertas de temporada",
  coverTitle: "Iluminación LED",
  coverSubtitle: "Hasta 20 % en focos",
  coverContent: "Solo en línea.",
};

describe("/banner-home", () => {
  it("is for Admin, Developer and MercadoLibre Manager", async () => {
    for (const role of ["admin", "developer", "ml_manager"] as const) {
      expect(await load((await loginAs(role)).cookie)).toEqual({ banner: null, constraint: TEXT_LIMITS });
    }
    const res = (await load((await loginAs("inventory")).cookie)) as Response;
    expect([res.status, res.headers.get("location")]).toEqual([302, "/products"]);
  });

  it("needs an image the first time, refuses one under 3000×2000 and keeps the typed text", async () => {
    const { cookie } = await loginAs("admin");
    const missing = (await save(cookie, texts)) as Reply;
    expect(missing.init?.status).toBe(400);
    expect(missing.data.result.error?.image?.[0]).toContain("Sube la imagen de la portada.");
    const small = (await save(cookie, texts, await png(2999, 2000, "portada-chica.png"))) as Reply;
    expect(small.init?.status).toBe(400);
    expect(small.data.result.error?.image?.[0]).toBe(
      "Imagen no válida: Lo sentimos, la imagen no cumple con las dimensiones mínimas (3000x2000)",
    );
    expect(small.data.toast).toMatchObject({
      title: "Imagen no válida",
      message: "Lo sentimos, la imagen no cumple con las dimensiones mínimas (3000x2000)",
      variant: "warning",
    });
    expect(small.data.result.initialValue).toMatchObject({ coverTitle: "Iluminación LED" });
    const long = (await save(cookie, { ...texts, coverContent: "x".repeat(256) })) as Reply;
    expect(long.data.result.error?.coverContent?.[0]).toBe("Contenido de portada: máximo 255 caracteres.");
    expect(await getDb().select().from(bannersHome)).toEqual([]);
  });

  it("saves the image as WebP with a preview copy, then updates the same banner without losing it", async () => {
    const { cookie, user } = await loginAs("ml_manager");
    const saved = (await save(cookie, texts, await png(3000, 2000, "portada-led.png"))) as Response;
    expect(saved.status).toBe(302);
    const toast = (await readToast(new Request("http://x", { headers: { cookie: (saved.headers.get("set-cookie") ?? "").split(";")[0] } })))
      .toast;
    expect(toast).toMatchObject({
      title: "Obteniendo información",
      message: "Información agregada/actualizada exitosamente",
      variant: "success",
    });
    const first = (await load(cookie)) as { banner: typeof bannersHome.$inferSelect };
    expect(first.banner).toMatchObject({ ...texts, image: { name: "portada-led.png" } });
    const [file] = await getDb().select().from(files).where(eq(files.id, first.banner.image!.fileId));
    expect(file).toMatchObject({ mimeType: "image/webp", width: 3000, height: 2000 });
    expect(file.variants.map((v) => [v.name, v.width])).toEqual([["1200", 1200]]);
    expect(await isStored(variantKey(file.variants[0].disk))).toBe(true);

    const again = (await save(cookie, { ...texts, coverTitle: "Todo en cable" })) as Response;
    expect(again.status).toBe(302);
    const rows = await getDb().select().from(bannersHome);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ coverTitle: "Todo en cable", image: { fileId: first.banner.image!.fileId } });
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.userId, user.id)).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ message: "Portada de la tienda actualizada", type: "update" });
  });

  it("refuses an image whose name is already in the files with the banner's advice", async () => {
    const { cookie } = await loginAs("admin");
    const duplicate = (await save(cookie, texts, await png(3000, 2000, "portada-led.png"))) as Reply;
    expect(duplicate.init?.status).toBe(400);
    expect(duplicate.data.result.error?.image?.[0]).toBe(
      "Imagen ya existente: Error al guardar, la imagen portada-led.png ya existe. Es necesario cambiar el nombre de la imagen desde tu computadora y volver a intentarlo.",
    );
  });
});
