import type { DateTime } from "luxon";
import { questions } from "../../schema";
import { insertChunks, type SeedContext } from "./context";
import type { Buyer } from "./people";
import type { DemoPublication } from "./publications";
import { rngFor, type Random } from "./random";
import { js } from "./time";

export const QUESTION_COUNT = 150;
export const PENDING_QUESTIONS = 30;
/**
 * Answered questions that all arrived yesterday during office hours (a busy day): the history of
 * one day then holds well over three batches of three, so its scroll can be shown loading several.
 */
export const BUSY_DAY_QUESTIONS = 16;
const isBusyDay = (i: number) => i > PENDING_QUESTIONS && i <= PENDING_QUESTIONS + 19 && i % 5 !== 0;

type Topic = "cable" | "breaker" | "light" | "device" | "conduit" | "industrial" | "general";

const QA: Record<Topic, Array<[string, string]>> = {
  cable: [
    ["¿El cable es 100% cobre o es aluminio recubierto?", "Es 100% cobre suave, con aislamiento de PVC antiflama."],
    [
      "¿Cuántos metros trae la caja? ¿Venden por metro?",
      "La caja trae 100 metros; por el momento solo manejamos la presentación completa.",
    ],
    [
      "¿Sirve para instalar un minisplit de 1.5 toneladas?",
      "Para un minisplit de 1.5 t a 220 V se recomienda calibre 12 con su interruptor de 2 polos de 20 A.",
    ],
    ["¿Tienen el color verde disponible?", "Sí, contamos con color verde; selecciónalo en las opciones de la publicación."],
    ["¿Es THW-LS o solo THW?", "Es THW-LS, de baja emisión de humos, certificado para instalaciones residenciales."],
    [
      "¿Cuánto pesa la caja para calcular el envío?",
      "La caja pesa aproximadamente 3.6 kg; el envío se calcula automáticamente con tu código postal.",
    ],
  ],
  breaker: [
    ["¿Es compatible con centro de carga QO de Square D?", "Sí, es enchufable y compatible con centros de carga QO de Square D."],
    ["¿Es original? ¿Trae su empaque?", "Es original, nuevo y en su empaque de fábrica, con garantía del fabricante."],
    [
      "¿Me sirve para un centro de carga Siemens?",
      "No, este modelo es exclusivo para centros de carga de la misma línea; para Siemens manejamos la línea QP.",
    ],
    [
      "¿Cuántas pastillas necesito para una casa de 3 recámaras?",
      "Depende de los circuitos; lo común son de 6 a 8 circuitos. Con gusto te orientamos si nos compartes tu plano.",
    ],
    ["¿Tienen de 2 polos 40 amperes?", "Sí, lo tenemos en otra publicación; búscalo en nuestras publicaciones o te compartimos el enlace."],
    ["¿El precio es por pieza?", "Sí, el precio publicado es por pieza salvo que el título indique paquete."],
  ],
  light: [
    ["¿Es luz blanca o cálida?", "Tenemos ambas opciones: 3000 K luz cálida y 6500 K luz de día; elige la que prefieras."],
    ["¿Funciona con atenuador (dimmer)?", "Este modelo no es atenuable; para dimmer te recomendamos la línea regulable."],
    ["¿Es para exterior? ¿Aguanta la lluvia?", "Sí, tiene protección IP65, apto para exterior."],
    ["¿Qué base tiene? ¿E27 o E26?", "Tiene base E26, compatible con los sockets estándar de México."],
    ["¿Cuántos lúmenes da?", "Alrededor de 90 lúmenes por watt; el dato exacto está en la ficha técnica de la publicación."],
    ["¿Tiene garantía? ¿De cuánto tiempo?", "Sí, cuenta con garantía del fabricante contra defectos de fábrica."],
  ],
  device: [
    ["¿Incluye la placa o se compra aparte?", "La placa se vende por separado; la tenemos disponible en el mismo color."],
    ["¿Tienen color negro o grafito?", "Sí, tenemos el acabado grafito en la variante correspondiente."],
    ["¿El contacto es polarizado y con tierra?", "Sí, es polarizado con terminal de tierra física."],
    ["¿Sirve para caja chalupa estándar?", "Sí, se instala en caja chalupa estándar de 2x4."],
    ["¿Cuántas piezas incluye?", "Incluye una pieza, salvo que el título indique paquete."],
  ],
  conduit: [
    ["¿El tramo es de 3 metros?", "Sí, cada tramo mide 3 metros."],
    ["¿Es pared delgada o gruesa?", "Es pared delgada galvanizada, para instalaciones visibles u ocultas en interiores."],
    ["¿Hacen envío de varios tramos?", "Sí, puedes comprar la cantidad que necesites y se envían juntos."],
  ],
  industrial: [
    ["¿La bobina es de 220 V o de 127 V?", "La bobina es de 220 V CA; también podemos conseguir otros voltajes bajo pedido."],
    ["¿Tienen el contacto auxiliar?", "Sí, manejamos bloques de contactos auxiliares; pregúntanos por el modelo."],
    ["¿Emiten factura a nombre de empresa?", "Sí, facturamos a personas físicas y morales; solicítala por mensajes después de la compra."],
  ],
  general: [
    ["¿Hacen factura?", "Sí, emitimos factura electrónica; después de tu compra envíanos tu constancia de situación fiscal por mensajes."],
    [
      "¿Cuánto tarda en llegar a Monterrey?",
      "El tiempo depende de la paquetería; normalmente de 2 a 4 días hábiles. Lo verás al ingresar tu código postal.",
    ],
    ["¿Tienen tienda física para recoger?", "Por el momento las ventas de esta plataforma se envían por paquetería."],
    ["¿Tienen más piezas disponibles?", "Sí, la cantidad disponible está actualizada en la publicación."],
    [
      "¿Dan precio de mayoreo si compro 20?",
      "Puedes ofertar la cantidad y, para volúmenes mayores, escríbenos para revisar un precio especial.",
    ],
    ["Buenas tardes, ¿envían hoy si compro ahorita?", "Si tu compra se acredita antes de las 13:00 h en día hábil, sale el mismo día."],
    ["¿Es nuevo?", "Sí, es nuevo y original."],
    ["¿Aceptan pago a meses?", "Sí, los meses sin intereses dependen de las promociones vigentes de la plataforma."],
  ],
};

const GREETINGS = ["¡Hola! ", "Hola, buen día. ", "¡Hola! Gracias por tu pregunta. ", "Buen día. "];

function topicOf(pub: DemoPublication): Topic {
  const c = pub.mainProduct.category;
  if (/Cable/.test(c)) return "cable";
  if (/Interruptor|Centros|Tableros|Supresor|Guardamotor/.test(c)) return "breaker";
  if (/Foco|Lumin|Reflect|Tira|Tubo LED|Tubos LED/.test(c)) return "light";
  if (/Apagador|Contacto|Placa|Atenuador/.test(c)) return "device";
  if (/conduit|PVC|Caja|Canaleta|Cople/i.test(c)) return "conduit";
  if (/Contactor|Relevador|Botones/.test(c)) return "industrial";
  return "general";
}

/** Delay before the answer, by when the question arrived (the response-time cards' three bands). */
function answerDelayMinutes(r: Random, created: DateTime): number {
  const roll = r.next();
  const weekend = created.weekday >= 6;
  const h = created.hour;
  if (weekend) return Math.round(30 + roll ** 2 * 540);
  if (h >= 9 && h < 18) return Math.round(3 + roll ** 2.2 * (roll > 0.93 ? 300 : 80));
  if (h >= 18) return Math.round(15 + roll ** 1.6 * 260);
  // Before opening: answered when the office opens.
  const opening = created.set({ hour: 9, minute: 0 }).plus({ minutes: Math.round(roll * 75) });
  return Math.max(5, Math.round(opening.diff(created, "minutes").minutes));
}

export type DemoQuestion = { id: number; publicationId: string; clientId: number; status: string; date: DateTime };

export async function seedQuestions(ctx: SeedContext, pubs: DemoPublication[], buyers: Buyer[]): Promise<DemoQuestion[]> {
  const { tx, clock, brand, users } = ctx;
  const active = pubs.filter((p) => p.status === "active");
  const paused = pubs.filter((p) => p.status !== "active");
  const answerers = [users.mlManager, users.mlManager, users.admin, users.developer];
  type Plan = {
    i: number;
    pub: DemoPublication;
    buyer: Buyer;
    pending: boolean;
    date: DateTime;
    pair: [string, string];
    suggestion: boolean;
  };
  const plans: Plan[] = [];

  // Answered history first, then the pending questions (some of them from clients who asked before).
  const order = [
    ...Array.from({ length: QUESTION_COUNT - PENDING_QUESTIONS }, (_, k) => k + PENDING_QUESTIONS),
    ...Array.from({ length: PENDING_QUESTIONS }, (_, k) => k),
  ];
  const byIndex = new Map<number, Plan>();
  for (const i of order) {
    const r = rngFor("question", i);
    const pending = i < PENDING_QUESTIONS;
    const repeatIndex = pending
      ? i % 4 === 2
        ? PENDING_QUESTIONS + r.int(0, 60)
        : -1
      : i % 5 === 0 && i >= PENDING_QUESTIONS + 5
        ? i - r.int(3, 5)
        : -1;
    const repeatOf = byIndex.get(repeatIndex) ?? null;
    const pub = repeatOf
      ? repeatOf.pub
      : pending && i >= 26 && paused.length
        ? paused[i % paused.length]
        : r.pick(active.length ? active : pubs);
    const buyer = repeatOf ? repeatOf.buyer : buyers[r.int(0, buyers.length - 1)];
    const topic = topicOf(pub);
    const pool = r.chance(0.3) ? QA.general : QA[topic];
    const pair = r.pick(pool);
    let date: DateTime;
    if (pending) {
      // Most pending questions are from the last hours; a few have been waiting for days.
      date = i < 20 ? clock.minutesAgo(r.int(4, 60 * 18)) : clock.at(r.int(1, 4), r.int(7, 22), r.int(0, 59), r.int(0, 59));
      if (repeatOf && date <= repeatOf.date)
        date = repeatOf.date.plus({ milliseconds: clock.anchor.diff(repeatOf.date).milliseconds / 2 }).startOf("second");
    } else {
      const days = Math.floor(r.next() ** 1.3 * 90);
      // Repeats (i % 5 = 0) follow their first question by hours, so they stay out of the busy day.
      if (isBusyDay(i)) date = clock.at(1, 9 + (i % 9), r.int(0, 59), r.int(0, 59));
      else
        date = clock.at(
          days,
          r.weighted([
            [6, 2],
            [7, 3],
            [8, 5],
            [9, 8],
            [10, 9],
            [11, 9],
            [12, 9],
            [13, 8],
            [14, 8],
            [15, 8],
            [16, 8],
            [17, 7],
            [18, 6],
            [19, 6],
            [20, 6],
            [21, 5],
            [22, 4],
            [23, 3],
          ] as const),
          r.int(0, 59),
          r.int(0, 59),
        );
      if (repeatOf && date <= repeatOf.date) date = clock.clamp(repeatOf.date.plus({ hours: r.int(2, 30) }));
    }
    const plan: Plan = {
      i,
      pub,
      buyer,
      pending,
      date,
      pair,
      suggestion: pending ? r.chance(0.4) || (pub.status !== "active" && i % 2 === 0) : r.chance(0.25),
    };
    byIndex.set(i, plan);
  }
  for (let i = 0; i < QUESTION_COUNT; i++) plans.push(byIndex.get(i)!);

  // Question ids grow with their date, like the marketplace's.
  const sorted = [...plans].sort((a, b) => a.date.toMillis() - b.date.toMillis() || a.i - b.i);
  const ids = new Map<number, number>();
  sorted.forEach((p, k) => ids.set(p.i, 12_950_000_000 + k * 61_283 + rngFor("question-id", p.i).int(0, 60_000)));

  const out: DemoQuestion[] = [];
  const rows = plans.map((p) => {
    const r = rngFor("question-row", p.i);
    const [question, answer] = p.pair;
    const fullAnswer = `${r.pick(GREETINGS)}${answer} Quedamos atentos. Saludos, equipo ${brand}.`;
    let answeredAt: DateTime | null = null;
    if (!p.pending) {
      const delay = answerDelayMinutes(r, p.date);
      answeredAt = p.date.plus({ minutes: delay });
      if (answeredAt >= clock.anchor) {
        // Too recent for its delay: answered a little before now.
        answeredAt = clock.anchor.minus({ minutes: 1 });
      }
      if (answeredAt <= p.date) answeredAt = p.date.plus({ minutes: 1 });
    }
    const id = ids.get(p.i)!;
    out.push({ id, publicationId: p.pub.id, clientId: p.buyer.id, status: p.pending ? "UNANSWERED" : "ANSWERED", date: p.date });
    return {
      id,
      status: p.pending ? "UNANSWERED" : "ANSWERED",
      message: question,
      publicationId: p.pub.id,
      answer: p.pending ? null : fullAnswer,
      draft: p.pending && r.chance(0.3) ? `${r.pick(GREETINGS)}${answer}` : null,
      clientId: p.buyer.id,
      clientNickname: p.buyer.nickname,
      store: p.pub.officialStore || null,
      updatedBy: p.pending ? null : r.pick(answerers),
      dateCreated: js(p.date),
      answeredAt: answeredAt ? js(answeredAt) : null,
      updatedAt: js(answeredAt ?? p.date),
      evaluation:
        !p.pending && p.suggestion
          ? r.weighted([
              [100, 60],
              [50, 28],
              [25, 12],
            ] as const)
          : null,
      suggestion: p.suggestion ? `¡Hola! ${answer} Saludos, equipo ${brand}.` : null,
    };
  });
  await insertChunks(tx, questions, rows);
  return out;
}
