import { desc, eq } from "drizzle-orm";
import { getDb } from "@server/db/client";
import { bannersHome } from "@server/db/schema";
import type { SessionUser } from "~/modules/auth/session-user";
import { audit } from "~/modules/logs/audit.server";
import { storeImage } from "~/modules/files/files.server";
import { BANNER_MIN_HEIGHT, BANNER_MIN_WIDTH, BANNER_TEXTS } from "./banner";
import type { BannerInput } from "./banner-form";

/** The banner the shop shows: the latest row (none before the first save). */
export async function latestBanner() {
  const [row] = await getDb().select().from(bannersHome).orderBy(desc(bannersHome.id)).limit(1);
  return row ?? null;
}

/** `unavailable`: the file store did not answer (the image was not kept, nothing was saved). */
export type BannerSaveResult = { ok: true } | { ok: false; field: "image" | "form"; title: string; message: string; unavailable?: boolean };

/**
 * Saves the banner: the new image first (3000×2000 at least, WebP with a 1200 px copy for previews),
 * then the latest row is updated — or created, the spec's "id 0" — in one transaction with its audit
 * entry. Without a new image the current one stays; a banner is never left without one.
 */
export async function saveBanner(input: BannerInput, file: File | null, actor: SessionUser): Promise<BannerSaveResult> {
  let image = null;
  if (file && file.size > 0) {
    const stored = await storeImage(file, actor.id, {
      minWidth: BANNER_MIN_WIDTH,
      minHeight: BANNER_MIN_HEIGHT,
      variants: [{ name: "1200", width: 1200, height: 800 }],
      invalidMessage: BANNER_TEXTS.imageInvalid,
      existsMessage: BANNER_TEXTS.imageExists,
    });
    if (!stored.ok)
      return { ok: false, field: "image", title: stored.title, message: stored.message, unavailable: stored.reason === "unavailable" };
    image = { fileId: stored.image.fileId, url: stored.image.url, name: stored.image.name, origin: "upload" };
  }
  return getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(bannersHome).orderBy(desc(bannersHome.id)).limit(1).for("update");
    const nextImage = image ?? current?.image ?? null;
    if (!nextImage) return { ok: false as const, field: "image" as const, title: "Falta la imagen", message: BANNER_TEXTS.imageRequired };
    const values = { ...input, image: nextImage, updatedAt: new Date() };
    const id = current
      ? (await tx.update(bannersHome).set(values).where(eq(bannersHome.id, current.id)).returning({ id: bannersHome.id }))[0].id
      : (await tx.insert(bannersHome).values(values).returning({ id: bannersHome.id }))[0].id;
    await audit(
      {
        userId: actor.id,
        type: current ? "update" : "create",
        message: "Portada de la tienda actualizada",
        tags: ["content", "banner"],
        identifier: id,
        detail: { before: current ? { ...current, updatedAt: undefined } : null, after: values },
      },
      tx,
    );
    return { ok: true as const };
  });
}
