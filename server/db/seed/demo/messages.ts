import type { DateTime } from "luxon";
import type { Attachment } from "../../schema";
import { conversations, messages } from "../../schema";
import { SELLER_ID_BRAND, SELLER_ID_MAIN } from "./constants";
import { cannedReplyRows } from "./content";
import { insertChunks, type SeedContext } from "./context";
import type { DemoOrder } from "./orders";
import { rngFor, type Random } from "./random";
import { js } from "./time";

export const CONVERSATION_COUNT = 120;

type Line = { from: "buyer" | "seller"; text: string; attach?: Array<[string, string, number]> };

function flows(r: Random, brand: string, title: string): Line[][] {
  const canned = new Map(cannedReplyRows(brand).map((c) => [c.key, c.text]));
  const invoiceWord = r.pick(["factura", "Factura", "FACTURA"]);
  const askInvoice =
    invoiceWord === "FACTURA"
      ? "¿ME PUEDEN ENVIAR LA FACTURA DE ESTA COMPRA?"
      : invoiceWord === "Factura"
        ? "Buenas tardes. Factura por favor, ¿qué datos necesitan?"
        : "Hola, necesito factura de mi compra, ¿qué datos les envío?";
  const short = title.length > 40 ? `${title.slice(0, 40).trim()}…` : title;
  return [
    [
      { from: "buyer", text: askInvoice },
      { from: "seller", text: canned.get("invoice")! },
      {
        from: "buyer",
        text: "Les adjunto mi constancia de situación fiscal. Uso de CFDI G03, pago con tarjeta de crédito.",
        attach: [["constancia_situacion_fiscal.pdf", "application/pdf", 184_220]],
      },
      { from: "seller", text: "Recibido, muchas gracias. En cuanto se entregue el pedido le enviamos su factura por este medio." },
      { from: "buyer", text: "Perfecto, gracias." },
      {
        from: "seller",
        text: "Le compartimos su factura en PDF y XML. ¡Gracias por su compra!",
        attach: [
          ["factura.pdf", "application/pdf", 96_410],
          ["factura.xml", "text/xml", 8_930],
        ],
      },
      { from: "buyer", text: "Ya la recibí, todo correcto." },
      { from: "seller", text: canned.get("closing")! },
    ],
    [
      { from: "buyer", text: "Hola, ¿cuándo envían mi pedido?" },
      { from: "seller", text: "¡Hola! Tu pedido ya está empacado y sale hoy en la recolección de la tarde." },
      { from: "buyer", text: "Gracias, ¿me pasan la guía?" },
      { from: "seller", text: "Claro, la guía ya aparece en el detalle de tu compra. Cualquier duda aquí estamos." },
      { from: "buyer", text: "Ya llegó, gracias." },
      { from: "seller", text: canned.get("thanks")! },
    ],
    [
      { from: "buyer", text: `Buen día, compré ${short}. ¿Me pueden decir cómo se conecta? No trae instructivo.` },
      {
        from: "seller",
        text: "¡Hola! Te compartimos la ficha técnica con el diagrama de conexión. Recuerda cortar la energía antes de instalar.",
        attach: [["ficha_tecnica.pdf", "application/pdf", 412_000]],
      },
      { from: "buyer", text: "Muchas gracias, ya quedó instalado." },
      { from: "seller", text: canned.get("closing")! },
    ],
    [
      { from: "buyer", text: "Me llegó golpeada la caja y una pieza no funciona.", attach: [["foto_caja.jpg", "image/jpeg", 1_850_000]] },
      { from: "seller", text: "Lamentamos lo ocurrido. ¿Nos puedes enviar una foto de la etiqueta y del producto?" },
      {
        from: "buyer",
        text: "Aquí están las fotos.",
        attach: [
          ["IMG_etiqueta.jpg", "image/jpeg", 2_210_000],
          ["IMG_producto.jpg", "image/jpeg", 2_030_000],
        ],
      },
      { from: "seller", text: "Gracias. Ya generamos el cambio; en cuanto recibamos la pieza te enviamos una nueva." },
      { from: "buyer", text: "Ok, quedo en espera." },
      { from: "seller", text: "Te confirmamos que la pieza de reemplazo ya fue enviada." },
      { from: "buyer", text: "Ya la recibí y funciona bien, gracias." },
    ],
    [
      { from: "seller", text: canned.get("greeting")! },
      { from: "buyer", text: "Gracias. ¿Me lo pueden enviar hoy? Lo necesito para una obra." },
      { from: "seller", text: "Sí, sale hoy mismo en la primera recolección." },
      { from: "buyer", text: "Excelente, gracias." },
      { from: "seller", text: canned.get("follow_up")! },
      { from: "buyer", text: "Todo bien, muy buen servicio." },
    ],
    [
      { from: "buyer", text: "Me equivoqué de color, ¿me lo pueden cambiar por el negro?" },
      { from: "seller", text: "Claro, si aún no se envía podemos cambiarlo. Confírmanos el color por favor." },
      { from: "buyer", text: "Negro por favor." },
      { from: "seller", text: "Listo, quedó actualizado tu pedido." },
      {
        from: "buyer",
        text: "Gracias. También voy a requerir factura, les mando mis datos.",
        attach: [["CSF_2024.pdf", "application/pdf", 201_554]],
      },
      { from: "seller", text: "Recibimos tus datos, te enviamos la factura al entregarse el pedido." },
    ],
    [
      { from: "buyer", text: "¿Tienen 10 piezas más? Quiero comprar otras." },
      { from: "seller", text: canned.get("stock")! },
      { from: "buyer", text: "¿Me hacen descuento si compro las 10?" },
      { from: "seller", text: canned.get("quote")! },
    ],
  ];
}

export async function seedConversations(ctx: SeedContext, allOrders: DemoOrder[]) {
  const { tx, clock, brand } = ctx;
  const chosen = allOrders
    .filter((o) => o.channel === "marketplace" && !o.history.includes("pack_splitted"))
    .map((o) => ({ o, score: rngFor("conversation-pick", o.index).next() * (1 + o.daysAgo / 12) }))
    .sort((a, b) => a.score - b.score || a.o.index - b.o.index)
    .slice(0, CONVERSATION_COUNT)
    .map((c) => c.o)
    .sort((a, b) => a.date.toMillis() - b.date.toMillis() || a.index - b.index);

  const convRows: Array<typeof conversations.$inferInsert> = [];
  const msgRows: Array<typeof messages.$inferInsert> = [];
  let messageId = 0;

  chosen.forEach((o, k) => {
    const r = rngFor("conversation", o.index);
    const all = flows(r, brand, o.items[0].title);
    const flow = o.flags.returned || o.claimStatus ? all[3] : r.pick(all);
    let n = r.int(2, Math.min(8, flow.length));
    const wantPending = r.chance(0.35);
    if (wantPending && flow[n - 1].from === "seller" && n > 2) n -= 1;
    if (!wantPending && flow[n - 1].from === "buyer" && n < flow.length) n += 1;
    const lines = flow.slice(0, n);

    // Offsets in minutes after the order; squeezed to end before now when the order is recent.
    const offsets: number[] = [];
    let t = r.int(10, 60 * 30);
    for (const line of lines) {
      offsets.push(t);
      t += line.from === "buyer" ? r.int(8, 60 * 10) : r.int(20, 60 * 26);
    }
    const sinceOrder = clock.anchor.diff(o.date, "minutes").minutes;
    const available = Math.max(sinceOrder * 0.5, sinceOrder - r.int(1, 90));
    const last = offsets[offsets.length - 1];
    const scale = last > available ? available / last : 1;
    const dates: DateTime[] = offsets.map((m, idx) => o.date.plus({ seconds: Math.round(m * scale * 60) + idx }));

    const sellerId = o.store ? SELLER_ID_BRAND : SELLER_ID_MAIN;
    const conversationId = k + 1;
    lines.forEach((line, idx) => {
      messageId += 1;
      const attachments: Attachment[] = (line.attach ?? []).map(([name, , size], a) => ({
        filename: `${o.relatedOrderId ?? o.id}_${rngFor("attachment", messageId * 10 + a).chars(12, "0123456789abcdef")}_${name}`,
        originalFilename: name,
        size,
      }));
      msgRows.push({
        id: messageId,
        conversationId,
        text: line.text,
        fromUserId: line.from === "seller" ? sellerId : o.buyer.id,
        fromSeller: line.from === "seller",
        messageDate: js(dates[idx]),
        attachments,
      });
    });
    const lastLine = lines[lines.length - 1];
    convRows.push({
      id: conversationId,
      orderId: o.id,
      packId: o.relatedOrderId,
      orderDate: js(o.date),
      orderStatus: o.orderStatus,
      orderInfo: { items: o.items.map((it) => ({ id: it.pub?.id ?? "", title: it.title, image: null, sold: it.qty })) },
      store: o.store,
      clientId: o.buyer.id,
      clientInfo: { nickname: o.buyer.nickname, firstName: o.buyer.firstName, lastName: o.buyer.lastName },
      sellerId,
      status: o.flags.cancelled ? "blocked" : r.chance(0.08) ? "closed" : "active",
      lastMessageDate: js(dates[dates.length - 1]),
      lastMessageFromSeller: lastLine.from === "seller",
      asksInvoice: lines.some((l) => l.from === "buyer" && /factura/i.test(l.text.normalize("NFD").replace(/[\u0300-\u036f]/g, ""))),
      dateCreated: js(dates[0]),
    });
  });

  await insertChunks(tx, conversations, convRows, 100);
  await insertChunks(tx, messages, msgRows, 250);
  return { conversations: convRows.length, messages: msgRows.length };
}
