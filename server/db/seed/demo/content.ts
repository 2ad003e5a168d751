import { cannedReplies, fastAnswers, settings } from "../../schema";
import { DOLLAR_PRICE, PACKAGE_MANAGERS } from "./constants";
import { insertChunks, type SeedContext } from "./context";

/** The fixed seller footer appended to every publication description. */
export function sellerFooter(brand: string): string {
  return [
    `Gracias por comprar en ${brand}, tu tienda de material eléctrico.`,
    "",
    "ENVÍOS",
    "• Enviamos a todo México. Las compras pagadas antes de las 13:00 h en día hábil salen el mismo día; después de esa hora, el siguiente día hábil.",
    "• Al recibir revisa que el empaque esté en buen estado; si no es así, anótalo en la guía o repórtalo por mensajes de la compra.",
    "",
    "FACTURACIÓN",
    "• Emitimos factura electrónica CFDI 4.0 de todas las compras.",
    "• Solicítala por los mensajes de la compra dentro de los 3 días hábiles posteriores a la entrega, con tu constancia de situación fiscal, uso de CFDI y forma de pago.",
    "",
    "HORARIO DE ATENCIÓN",
    "• Lunes a viernes de 8:30 a 18:00 h (hora del centro de México). Las preguntas recibidas fuera de horario se responden el siguiente día hábil.",
    "",
    "GARANTÍA",
    "• Todos nuestros productos son nuevos, originales y con garantía del fabricante contra defectos de fábrica.",
    "• La garantía no cubre daños por instalación incorrecta, sobrecargas o variaciones de voltaje. Conserva tu factura o comprobante de compra.",
  ].join("\n");
}

export const CANNED_REPLY_KEYS = [
  "quote",
  "link",
  "free_shipping",
  "full",
  "shipping",
  "greeting",
  "policy",
  "invoice",
  "thanks",
  "notice",
  "christmas",
  "no_stock",
  "stock",
  "closing",
  "follow_up",
] as const;

export function cannedReplyRows(brand: string) {
  const rows: Array<[(typeof CANNED_REPLY_KEYS)[number], string, string]> = [
    [
      "quote",
      "Cotización",
      `Hola, con gusto te preparamos una cotización. Indícanos los productos, las cantidades y tu código postal; un asesor de ${brand} te la envía a la brevedad.`,
    ],
    [
      "link",
      "Enlace de compra",
      "Te compartimos el enlace de la publicación para que realices tu compra directamente. Cualquier duda estamos para ayudarte.",
    ],
    [
      "free_shipping",
      "Envío gratis",
      "Tu compra cuenta con envío gratis a todo México. Recibirás el número de guía en cuanto el paquete sea enviado.",
    ],
    [
      "full",
      "Envío Full",
      "Este producto se envía desde el centro de distribución de Mercado Libre (Full), por lo que suele llegar en 24 a 48 horas.",
    ],
    ["shipping", "Envío", "Tu pedido ya fue preparado y entregado a la paquetería. Puedes seguir el envío desde el detalle de tu compra."],
    ["greeting", "Saludo", `¡Hola! Gracias por tu compra en ${brand}. Estamos preparando tu pedido y te avisaremos cuando sea enviado.`],
    [
      "policy",
      "Políticas",
      "Por políticas de Mercado Libre toda la comunicación y los pagos deben realizarse dentro de la plataforma. Gracias por tu comprensión.",
    ],
    [
      "invoice",
      "Factura",
      "Para emitir tu factura envíanos por este medio tu constancia de situación fiscal, el uso de CFDI y la forma de pago. Recuerda que tienes 3 días hábiles a partir de la entrega para solicitarla.",
    ],
    [
      "thanks",
      "Agradecimiento",
      `¡Muchas gracias por tu compra! En ${brand} estamos para servirte. Si todo llegó bien, te agradeceremos dejar tu calificación.`,
    ],
    [
      "notice",
      "Aviso",
      "Te informamos que por alta demanda tu pedido puede demorar un día hábil adicional en ser enviado. Lamentamos las molestias.",
    ],
    ["christmas", "Navidad", `¡${brand} te desea una feliz Navidad y un próspero año nuevo! Gracias por tu preferencia.`],
    [
      "no_stock",
      "Sin stock",
      "Lamentamos informarte que por el momento no contamos con existencias de este producto. Podemos ofrecerte una alternativa equivalente o cancelar la compra sin costo.",
    ],
    ["stock", "Con stock", "Sí contamos con existencias para entrega inmediata. Puedes realizar tu compra con toda confianza."],
    ["closing", "Cierre", "Quedamos atentos a cualquier duda. ¡Que tengas un excelente día!"],
    [
      "follow_up",
      "Seguimiento",
      "Te escribimos para dar seguimiento a tu pedido. ¿Recibiste todo en orden? Si necesitas apoyo con la instalación o la garantía, aquí estamos.",
    ],
  ];
  return rows.map(([key, name, text], sort) => ({ key, name, text, sort }));
}

const FAST_ANSWERS: Array<[string, string]> = [
  ["Disponibilidad", "¡Hola! Sí tenemos disponibilidad inmediata. Puedes ofertar la cantidad que necesites y se envía el mismo día hábil."],
  ["Factura", "¡Hola! Sí facturamos. Después de tu compra envíanos por mensajes tu constancia de situación fiscal y te la enviamos."],
  ["Original", "¡Hola! Todos nuestros productos son nuevos, originales y con garantía del fabricante."],
  ["Envío", "¡Hola! Enviamos a todo México; el tiempo de entrega depende de tu código postal y se muestra al comprar."],
  ["Mayoreo", "¡Hola! Para compras por volumen escríbenos la cantidad que necesitas y revisamos un precio especial."],
  ["Compatibilidad QO", "¡Hola! Este interruptor es enchufable y compatible con centros de carga Square D QO."],
  ["Precio por pieza", "¡Hola! El precio publicado es por la presentación indicada en el título."],
  ["Horario", "¡Hola! Nuestro horario de atención es de lunes a viernes de 8:30 a 18:00 h, hora del centro de México."],
];

/** A demo mail domain from the brand: "Eléctrica Norte" → electricanorte.mx. */
function mailDomain(brand: string) {
  const slug = brand
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  return `${slug || "empresa"}.mx`;
}

export async function seedContent(ctx: SeedContext) {
  const { tx, brand, users } = ctx;
  await insertChunks(tx, settings, [
    { key: "package_managers", value: PACKAGE_MANAGERS },
    { key: "seller_footer", value: sellerFooter(brand) },
    { key: "dollar_price", value: DOLLAR_PRICE },
    // The internal mailbox copied on every resent invoice (Facturación v2).
    { key: "invoice_copy_email", value: `facturacion@${mailDomain(brand)}` },
  ]);
  await insertChunks(tx, cannedReplies, cannedReplyRows(brand));
  await insertChunks(
    tx,
    fastAnswers,
    FAST_ANSWERS.map(([name, text]) => ({ name, text, createdBy: users.mlManager })),
  );
}
