import type { Random } from "./random";
import { rngFor } from "./random";

/** Synthetic buyers: invented names, nicknames and addresses (no real person's data). */

const FIRST = [
  "José",
  "Juan",
  "Luis",
  "Carlos",
  "Miguel",
  "Jorge",
  "Francisco",
  "Alejandro",
  "Ricardo",
  "Fernando",
  "Roberto",
  "Eduardo",
  "Javier",
  "Héctor",
  "Raúl",
  "Arturo",
  "Sergio",
  "Manuel",
  "Óscar",
  "Pablo",
  "María",
  "Guadalupe",
  "Patricia",
  "Verónica",
  "Alejandra",
  "Gabriela",
  "Claudia",
  "Laura",
  "Adriana",
  "Mónica",
  "Sofía",
  "Daniela",
  "Fernanda",
  "Lucía",
  "Rocío",
  "Elena",
];
const LAST = [
  "Hernández",
  "García",
  "Martínez",
  "López",
  "González",
  "Pérez",
  "Rodríguez",
  "Sánchez",
  "Ramírez",
  "Cruz",
  "Flores",
  "Gómez",
  "Morales",
  "Vázquez",
  "Reyes",
  "Jiménez",
  "Torres",
  "Díaz",
  "Gutiérrez",
  "Ruiz",
  "Mendoza",
  "Aguilar",
  "Ortiz",
  "Moreno",
  "Castillo",
  "Romero",
  "Álvarez",
  "Méndez",
  "Chávez",
  "Rivera",
  "Juárez",
  "Ramos",
  "Domínguez",
  "Herrera",
  "Medina",
];

/** City, state, zip prefix, colonies. */
const PLACES: Array<[string, string, string, string[]]> = [
  ["Ciudad de México", "Ciudad de México", "03", ["Del Valle", "Narvarte", "Portales", "Roma Norte", "Escandón", "Doctores"]],
  ["Guadalajara", "Jalisco", "44", ["Americana", "Providencia", "Chapalita", "Ladrón de Guevara", "Santa Tere"]],
  ["Zapopan", "Jalisco", "45", ["Ciudad Granja", "Las Águilas", "Jardines Universidad"]],
  ["Monterrey", "Nuevo León", "64", ["Centro", "Mitras Centro", "Obispado", "Cumbres", "Contry"]],
  ["San Nicolás de los Garza", "Nuevo León", "66", ["Anáhuac", "Las Puentes", "Residencial Nogalar"]],
  ["Puebla", "Puebla", "72", ["La Paz", "Centro", "Gabriel Pastor", "Anzures"]],
  ["Querétaro", "Querétaro", "76", ["Centro", "Jurica", "El Pueblito", "Álamos"]],
  ["León", "Guanajuato", "37", ["Centro", "Jardines del Moral", "León Moderno"]],
  ["Mérida", "Yucatán", "97", ["García Ginerés", "Montejo", "Itzimná", "Centro"]],
  ["Toluca", "Estado de México", "50", ["Centro", "Universidad", "Las Torres"]],
  ["Naucalpan", "Estado de México", "53", ["Satélite", "Lomas Verdes", "Echegaray"]],
  ["Tijuana", "Baja California", "22", ["Zona Río", "Otay", "Playas de Tijuana"]],
  ["Hermosillo", "Sonora", "83", ["Centro", "Pitic", "Modelo"]],
  ["Chihuahua", "Chihuahua", "31", ["San Felipe", "Centro", "Campestre"]],
  ["Aguascalientes", "Aguascalientes", "20", ["Centro", "Las Américas", "Del Trabajo"]],
  ["San Luis Potosí", "San Luis Potosí", "78", ["Tequisquiapan", "Lomas", "Centro"]],
  ["Veracruz", "Veracruz", "91", ["Reforma", "Costa Verde", "Centro"]],
  ["Morelia", "Michoacán", "58", ["Chapultepec Norte", "Centro", "Félix Ireta"]],
  ["Cancún", "Quintana Roo", "77", ["Supermanzana 15", "Supermanzana 22", "Alfredo V. Bonfil"]],
  ["Saltillo", "Coahuila", "25", ["República", "Centro", "Los Maestros"]],
];
const STREETS = [
  "Av. Juárez",
  "Calle Hidalgo",
  "Av. Revolución",
  "Calle Morelos",
  "Av. Insurgentes",
  "Calle Allende",
  "Calle Zaragoza",
  "Av. Universidad",
  "Calle Independencia",
  "Av. Constitución",
  "Calle Guerrero",
  "Calle 5 de Mayo",
  "Av. Reforma",
  "Calle Aldama",
  "Calle Matamoros",
  "Av. Vallarta",
  "Calle Abasolo",
  "Calle Niños Héroes",
];

export type Buyer = {
  id: number;
  nickname: string;
  firstName: string;
  lastName: string;
  email: string;
  cellphone: string;
  address: { address1: string; colony: string; zipCode: string; city: string; state: string };
};

function stripAccents(text: string) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

function makeBuyer(r: Random, index: number): Buyer {
  const firstName = r.pick(FIRST);
  const lastName = r.pick(LAST);
  const second = r.pick(LAST);
  const [city, state, zipPrefix, colonies] = r.pick(PLACES);
  const base = stripAccents(`${firstName}${lastName}`)
    .toUpperCase()
    .replace(/[^A-Z]/g, "");
  const nickname = r.chance(0.5)
    ? `${base}${r.int(10, 9999)}`
    : `${stripAccents(lastName).toUpperCase()}${stripAccents(firstName).toUpperCase().slice(0, 1)}${r.int(100, 99999)}`;
  return {
    // Marketplace user ids: nine digits, unique by construction (index in the high digits).
    id: 100_000_000 + index * 2_713_117 + r.int(0, 9_999),
    nickname,
    firstName,
    lastName: `${lastName} ${second}`,
    email: `${stripAccents(firstName).toLowerCase()}.${stripAccents(lastName).toLowerCase()}${r.int(1, 999)}@correo.example`,
    cellphone: `${r.pick(["55", "33", "81", "22", "44", "47", "99", "66", "61", "72"])}${r.digits(8)}`,
    address: {
      address1: `${r.pick(STREETS)} ${r.int(1, 2500)}${r.chance(0.25) ? ` int. ${r.int(1, 40)}` : ""}`,
      colony: r.pick(colonies),
      zipCode: `${zipPrefix}${String(r.int(0, 999)).padStart(3, "0")}`,
      city,
      state,
    },
  };
}

/** A fixed pool of buyers shared by orders, questions and conversations (repeat customers exist). */
export function buyerPool(size: number): Buyer[] {
  return Array.from({ length: size }, (_, i) => makeBuyer(rngFor("buyer", i), i));
}

export const PEOPLE = { FIRST, LAST };
