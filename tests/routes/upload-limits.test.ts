import { describe, expect, it } from "vitest";
import zlib from "node:zlib";
import sharp from "sharp";
import { storeImage } from "~/modules/files/images.server";
import { IMAGE_MAX_PIXELS as MAX_INPUT_PIXELS } from "~/modules/files/rules";
import { useTestDatabase } from "../helpers/db";
import { loginAs } from "../helpers/auth";

await useTestDatabase();

function crc32(bytes: Buffer) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/**
 * A real, complete grayscale PNG of width × height, all black: its pixel data compresses to a few
 * tens of KB, so it passes the byte limit and only its declared size can refuse it.
 */
function blackPng(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const rows = zlib.deflateSync(Buffer.alloc((width + 1) * height), { level: 1 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const OPTIONS = {
  minWidth: 100,
  minHeight: 100,
  variants: [],
  invalidMessage: "Imagen no válida",
  existsMessage: (n: string) => `Ya existe ${n}`,
};

describe("uploaded images", () => {
  it("an 8000×8000 image (64 megapixels, 15 MB or less) is refused as too large, fast, before any pixel is decoded", async () => {
    expect(8000 * 8000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const { user } = await loginAs("admin");
    const png = blackPng(8000, 8000);
    expect(png.length).toBeLessThan(15 * 1024 * 1024);
    const started = performance.now();
    const result = await storeImage(new File([png], "enorme.png", { type: "image/png" }), user.id, OPTIONS);
    expect(performance.now() - started).toBeLessThan(1000);
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
