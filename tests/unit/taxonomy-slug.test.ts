import { describe, expect, it } from "vitest";
import { taxonomySlug } from "~/modules/catalog/taxonomy-slug";

// Spec 2 §5, "Taxonomy slug": trimmed, lowercased, accents and separators transliterated or
// hyphenated, non-alphanumerics removed, spaces to hyphens, repeated hyphens collapsed.
const CASES: Array<[rule: string, name: string, slug: string]> = [
  ["plain name", "Residencial", "residencial"],
  ["trims both ends", "   Comercial \t", "comercial"],
  ["lowercases", "INDUSTRIAL Pesado", "industrial-pesado"],
  ["á é í ó ú → a e i o u", "Hotelería Ópticas Cámara Útil Éxito", "hoteleria-opticas-camara-util-exito"],
  ["ñ → n", "Señalización y Montaña", "senalizacion-y-montana"],
  ["ü → u", "Pingüino Güero", "pinguino-guero"],
  ["other accents and cedilla", "Façade à Zürich Øre Straße", "facade-a-zurich-ore-strasse"],
  ["uppercase accents", "ÁREA ÑOÑA", "area-nona"],
  ["slash → hyphen", "Cables/Alambres", "cables-alambres"],
  ["underscore → hyphen", "baja_tension", "baja-tension"],
  ["dot → hyphen", "Calibre 2.5 mm", "calibre-2-5-mm"],
  ["comma → hyphen", "Interior,Exterior", "interior-exterior"],
  ["ampersand → hyphen", "Control&Automatización", "control-automatizacion"],
  ["spaced ampersand collapses", "Iluminación & Control", "iluminacion-control"],
  ["spaces → hyphens", "Protección de circuitos", "proteccion-de-circuitos"],
  ["runs of spaces → one hyphen", "Canalización     y   tubería", "canalizacion-y-tuberia"],
  ["tabs and newlines are spaces", "Uso\trudo\nexterior", "uso-rudo-exterior"],
  ["other symbols removed", "¡Ofertas! (nuevo) #1 @casa: 50% + IVA?", "ofertas-nuevo-1-casa-50-iva"],
  ["quotes and apostrophes removed", `Tubo 1/2" "Conduit" d'agua`, "tubo-1-2-conduit-dagua"],
  ["repeated hyphens collapsed", "Media -- tensión", "media-tension"],
  ["mixed separators collapse", "A / B _ C . D , E & F", "a-b-c-d-e-f"],
  ["no leading or trailing hyphens", "--Infraestructura--", "infraestructura"],
  ["separator at the ends", "/Agroindustrial.", "agroindustrial"],
  ["digits kept", "Motores 220V 3F", "motores-220v-3f"],
  ["existing hyphens kept", "Auto-soportado", "auto-soportado"],
  ["ligatures and superscripts unfold", "Eﬁciencia m²", "eficiencia-m2"],
  ["fraction slash is a separator", "Tubo ½ pulgada", "tubo-1-2-pulgada"],
  ["non-Latin letters removed", "Λάμπα Lámpara", "lampara"],
  ["only symbols give an empty slug", " ¡¿?! ", ""],
  ["empty stays empty", "", ""],
];

describe("taxonomySlug", () => {
  it.each(CASES)("%s: %j → %j", (_rule, name, slug) => {
    expect(taxonomySlug(name)).toBe(slug);
  });

  it("is idempotent", () => {
    for (const [, name] of CASES) expect(taxonomySlug(taxonomySlug(name))).toBe(taxonomySlug(name));
  });
});
