import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { storeImage } from "~/modules/files/images.server";
import { IMAGE_MAX_PIXELS as MAX_INPUT_PIXELS } from "~/modules/files/rules";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";
import { blackPng } from "../helpers/black-png";

await useTestDatabase();

const OPTIONS = {
  minWidth: 100,
  minHeight: 100,
  variants: [],
  invalidMessage: "Imagen no válida",
  existsMessage: (n: string) => `Ya existe ${n}`,
};

describe("uploaded images", () => {
  it("an 8000×8000 image (64 megapixels, 15 MB or less) is refused as too large by its header (the bench times it)", async () => {
    expect(8000 * 8000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const { user } = await loginAs("admin");
    const png = blackPng(8000, 8000);
    expect(png.length).toBeLessThan(15 * 1024 * 1024);
    const result = await storeImage(new File([png], "enorme.png", { type: "image/png" }), user.id, OPTIONS);
    // Its header says it is too large: refused as such, never decoded.
    expect(result.ok).toBe(false);
    expect((result as { message: string }).message).toBe("La imagen es demasiado grande (máximo 15 MB y 50 megapíxeles).");
  });

  it("a truncated PNG is an invalid image, not an error", async () => {
    const { user } = await loginAs("admin");
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#c00" } })
      .png()
      .toBuffer();
    const result = await storeImage(
      new File([whole.subarray(0, Math.floor(whole.length / 2))], "rota.png", { type: "image/png" }),
      user.id,
      OPTIONS,
    );
    expect(result).toMatchObject({ ok: false, message: "El archivo no es una imagen válida o está dañado." });
  });
});
