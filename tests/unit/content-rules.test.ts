import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import {
  GEO_MESSAGES,
  PHONE_MESSAGES,
  URL_MESSAGE,
  ContentIdSchema,
  geolocationProblems,
  parseLocationListQuery,
  phoneProblem,
} from "~/modules/content/locations";
import { LocationFormSchema } from "~/modules/content/location-form";
import {
  DATE_MESSAGES,
  LINK_MESSAGE,
  dateRangeProblem,
  formatDay,
  formatValidity,
  isCalendarDay,
  isPromotionLink,
  parsePromotionIntent,
  parsePromotionListQuery,
} from "~/modules/content/promotions";
import { PromotionFormSchema } from "~/modules/content/promotion-form";
import { isHttpUrl, isSitePath, promotionPermalink, shopSlug } from "@common/shop-path";

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

describe("phone and WhatsApp", () => {
  it.each([
    ["", null],
    ["   ", null],
    ["5512345678", null],
    ["55 1234 5678", null],
    ["(55) 1234-5678", null],
    ["222 242 8815", null],
    ["+52 55 1234 5678", PHONE_MESSAGES.digits],
    ["55 1234 567", PHONE_MESSAGES.digits],
    ["55123456789", PHONE_MESSAGES.digits],
    ["55.1234.5678", PHONE_MESSAGES.characters],
    ["55 1234 5678 ext 2", PHONE_MESSAGES.characters],
    ["tel 5512345678", PHONE_MESSAGES.characters],
  ])("%j → %s", (value, expected) => {
    expect(phoneProblem(value)).toBe(expected);
  });
});

describe("http(s) URLs", () => {
  it.each([
    ["https://maps.app.goo.gl/abc123", true],
    ["http://maps.google.com/?q=19.4,-99.1", true],
    ["HTTPS://www.google.com.mx/maps/place/Centro", true],
    ["ftp://maps.google.com", false],
    ["maps.google.com", false],
    ["https://", false],
    ["https://localhost", false],
    ["https://maps.google.com/a b", false],
    ["javascript:alert(1)", false],
    ["", false],
  ])("%j → %s", (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected);
  });
});

describe("promotion links: an http(s) URL or a path of the shop", () => {
  it.each([
    ["/categorias/iluminacion", true, true],
    ["/", true, true],
    ["https://www.mercadolibre.com.mx/", false, true],
    ["//evil.example.com", false, false],
    ["/\\evil.example.com", false, false],
    ["/con espacio", false, false],
    ["categorias/iluminacion", false, false],
    ["mailto:ventas@example.mx", false, false],
  ])("%j: site path %s, accepted %s", (value, sitePath, accepted) => {
    expect(isSitePath(value)).toBe(sitePath);
    expect(isPromotionLink(value)).toBe(accepted);
  });
});

describe("days and ranges", () => {
  it.each([
    ["2025-03-07", true],
    ["2024-02-29", true],
    ["2025-02-29", false],
    ["2025-04-31", false],
    ["2025-13-01", false],
    ["2025-00-10", false],
    ["2025/03/07", false],
    ["07/03/2025", false],
    ["", false],
  ])("calendar day %j → %s", (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });

  it.each([
    ["2025-03-01", "2025-03-31", null],
    ["2025-03-01", "2025-03-01", null],
    ["2025-03-02", "2025-03-01", DATE_MESSAGES.order],
    ["2025-12-31", "2026-01-01", null],
    ["2026-01-01", "2025-12-31", DATE_MESSAGES.order],
    ["no", "2025-01-01", null],
  ])("range %s – %s → %s", (start, end, expected) => {
    expect(dateRangeProblem(start, end)).toBe(expected);
  });

  it.each([
    ["2025-03-07", "07/03/2025"],
    [null, "—"],
    ["", "—"],
    ["basura", "—"],
  ])("formatDay(%j) → %s", (value, expected) => {
    expect(formatDay(value)).toBe(expected);
  });

  it("formats the Vigencia column", () => {
    expect(formatValidity("2025-03-01", "2025-03-31")).toBe("01/03/2025 – 31/03/2025");
    expect(formatValidity(null, null)).toBe("—");
    expect(formatValidity("2025-03-01", null)).toBe("01/03/2025 – —");
  });
});

describe("permalink slug", () => {
  it.each([
    ["Buen Fin eléctrico: 15% en centros de carga", "buen-fin-electrico-15-en-centros-de-carga"],
    ["  Iluminación LED — 3x2  ", "iluminacion-led-3x2"],
    ["Ñandú & Cía.", "nandu-cia"],
    ["¡¡¡Oferta!!!", "oferta"],
    ["Cable THW-LS calibre 12/14", "cable-thw-ls-calibre-12-14"],
    ["Straße Œuvre", "strasse-oeuvre"],
    ["---", ""],
    ["", ""],
  ])("%j → %j", (title, slug) => {
    expect(shopSlug(title)).toBe(slug);
  });

  it("is the shop path /promociones/{slug}", () => {
    expect(promotionPermalink("Envío gratis en cable")).toBe("/promociones/envio-gratis-en-cable");
  });
});

describe("geolocation: both coordinates or none, within range", () => {
  it.each([
    [undefined, undefined, {}],
    [19.4326, -99.1332, {}],
    [90, 180, {}],
    [-90, -180, {}],
    [90.1, 0, { latitude: GEO_MESSAGES.latitudeRange }],
    [0, -180.5, { longitude: GEO_MESSAGES.longitudeRange }],
    [19.4, undefined, { longitude: GEO_MESSAGES.longitudeMissing }],
    [undefined, -99.1, { latitude: GEO_MESSAGES.latitudeMissing }],
    [120, undefined, { latitude: GEO_MESSAGES.latitudeRange, longitude: GEO_MESSAGES.longitudeMissing }],
  ])("lat %s, lng %s", (lat, lng, expected) => {
    expect(geolocationProblems(lat, lng)).toEqual(expected);
  });
});

describe("location form", () => {
  const valid = { name: " Sucursal Norte ", address: "Av. Siempre Viva 742", phone: "81 8340 1122", url: "https://maps.app.goo.gl/x" };

  it("trims, defaults and reads the switch and the coordinates", () => {
    const s = parseWithZod(form({ ...valid, isActive: "on", latitude: "25.69", longitude: "-100.29" }), { schema: LocationFormSchema });
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value).toEqual({
      name: "Sucursal Norte",
      schedule: "",
      phone: "81 8340 1122",
      whatsapp: "",
      address: "Av. Siempre Viva 742",
      url: "https://maps.app.goo.gl/x",
      isActive: true,
      latitude: 25.69,
      longitude: -100.29,
    });
    const off = parseWithZod(form(valid), { schema: LocationFormSchema });
    expect(off.status).toBe("success");
    if (off.status !== "success") return;
    expect(off.value.isActive).toBe(false);
    expect([off.value.latitude, off.value.longitude]).toEqual([undefined, undefined]);
  });

  it.each([
    [{ name: "" }, "name", "Ingresa el nombre de la sucursal"],
    [{ name: "x".repeat(121) }, "name", "Sucursal: máximo 120 caracteres"],
    [{ address: "  " }, "address", "Ingresa la dirección"],
    [{ address: "x".repeat(301) }, "address", "Dirección: máximo 300 caracteres"],
    [{ schedule: "x".repeat(501) }, "schedule", "Horarios: máximo 500 caracteres"],
    [{ phone: "12345" }, "phone", PHONE_MESSAGES.digits],
    [{ whatsapp: "55-1234-abcd" }, "whatsapp", PHONE_MESSAGES.characters],
    [{ url: "maps.google.com" }, "url", URL_MESSAGE],
    [{ latitude: "19,43", longitude: "-99.1" }, "latitude", GEO_MESSAGES.number],
    [{ latitude: "19.43" }, "longitude", GEO_MESSAGES.longitudeMissing],
    [{ latitude: "95", longitude: "-99.1" }, "latitude", GEO_MESSAGES.latitudeRange],
  ])("%j → %s: %s", (change, field, message) => {
    const s = parseWithZod(form({ ...valid, ...change }), { schema: LocationFormSchema });
    expect(s.status).toBe("error");
    expect(s.reply().error?.[field]).toEqual([message]);
  });
});

describe("promotion form", () => {
  const valid = { title: "Oferta de verano", startDate: "2025-06-01", endDate: "2025-06-30" };

  it("accepts a minimal promotion and reads the switch", () => {
    const s = parseWithZod(form({ ...valid, visible: "on", link: "/categorias/iluminacion" }), { schema: PromotionFormSchema });
    expect(s.status === "success" && s.value).toEqual({ ...valid, description: "", link: "/categorias/iluminacion", visible: true });
  });

  it.each([
    [{ title: "" }, "title", "Ingresa el título"],
    [{ title: "x".repeat(151) }, "title", "Título: máximo 150 caracteres"],
    [{ title: "¡¡!!" }, "title", "El título debe tener al menos una letra o un número"],
    [{ description: "x".repeat(1001) }, "description", "Descripción: máximo 1000 caracteres"],
    [{ link: "www.tienda.mx" }, "link", LINK_MESSAGE],
    [{ startDate: "" }, "startDate", DATE_MESSAGES.startMissing],
    [{ endDate: "" }, "endDate", DATE_MESSAGES.endMissing],
    [{ endDate: "30/06/2025" }, "endDate", DATE_MESSAGES.format],
    [{ startDate: "2025-02-30" }, "startDate", DATE_MESSAGES.invalid],
    [{ endDate: "2025-05-31" }, "endDate", DATE_MESSAGES.order],
  ])("%j → %s: %s", (change, field, message) => {
    const s = parseWithZod(form({ ...valid, ...change }), { schema: PromotionFormSchema });
    expect(s.status).toBe("error");
    expect(s.reply().error?.[field]).toEqual([message]);
  });

  it.each([
    [null, { kind: "save" }],
    ["save", { kind: "save" }],
    ["otra-cosa", null],
    ["", null],
    ["library", { kind: "library" }],
    ["remove-image", { kind: "remove-image" }],
    ["pick:0f8fad5b-d9cb-469f-a165-70867728950e", { kind: "pick", fileId: "0f8fad5b-d9cb-469f-a165-70867728950e" }],
  ])("intent %j", (value, expected) => {
    expect(parsePromotionIntent(value)).toEqual(expected);
  });
});

describe("list URLs and ids", () => {
  it("keep valid parameters and drop bad ones", () => {
    expect(parseLocationListQuery(new URLSearchParams("search=%20norte%20&location_status_filter=inactive&page=3"))).toEqual({
      search: "norte",
      location_status_filter: "inactive",
      page: 3,
    });
    expect(parseLocationListQuery(new URLSearchParams("location_status_filter=todas&page=x"))).toEqual({
      search: undefined,
      location_status_filter: undefined,
      page: 1,
    });
    expect(parsePromotionListQuery(new URLSearchParams("promo_status_filter=active"))).toMatchObject({
      promo_status_filter: "active",
      page: 1,
    });
    expect(parsePromotionListQuery(new URLSearchParams("promo_status_filter=visible"))).toMatchObject({ promo_status_filter: undefined });
  });

  it.each([
    ["12", 12],
    ["0", null],
    ["-3", null],
    ["1e3", null],
    ["abc", null],
    ["99999999999", null],
  ])("id %j → %s", (value, expected) => {
    const parsed = ContentIdSchema.safeParse(value);
    expect(parsed.success ? parsed.data : null).toBe(expected);
  });
});

describe("cross-field checks show along with other errors", () => {
  it("an end before the start is reported even when the title is missing", () => {
    const s = parseWithZod(form({ title: "", startDate: "2025-06-10", endDate: "2025-06-01" }), { schema: PromotionFormSchema });
    expect(s.reply().error).toMatchObject({ title: ["Ingresa el título"], endDate: [DATE_MESSAGES.order] });
  });

  it("a lone latitude is reported even when the name is missing", () => {
    const s = parseWithZod(form({ name: "", address: "", latitude: "19.4" }), { schema: LocationFormSchema });
    expect(s.reply().error).toMatchObject({
      name: ["Ingresa el nombre de la sucursal"],
      address: ["Ingresa la dirección"],
      longitude: [GEO_MESSAGES.longitudeMissing],
    });
  });
});
