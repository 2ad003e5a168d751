/**
 * Simulated questions and post-sale messages. The marketplace keeps its own record of each question
 * (answered, deleted) and each conversation; the app keeps its copy in its own tables.
 */
import { mirrorOrdersSql, mirrorQuestionsSql } from "../simulator/mirror-sql";
import type { SimRuntime } from "../simulator/runtime";
import { nextCounter, refusalsOf } from "../simulator/store";
import type { MarketplaceAccount, MarketplacePort, PendingConversation } from "./port";

/** Marketplace limits: answers up to 2000 characters, post-sale messages up to 350, files up to 25 MB. */
export const ANSWER_MAX = 2000;
export const MESSAGE_MAX = 350;
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

/** Marketplace user ids of the two seller accounts. */
export const SELLER_IDS: Record<MarketplaceAccount, number> = { main: 187_654_321, brand: 254_310_987 };

/** How many pending conversations one call returns (newest first). */
const PENDING_LIMIT = 50;

type QuestionRow = { id: string; account: MarketplaceAccount; status: string; client_id: string | null };

export function conversationCalls(
  sim: SimRuntime,
): Pick<MarketplacePort, "answerQuestion" | "blockUser" | "deleteQuestion" | "listPendingMessages" | "sendMessage"> {
  const db = () => sim.database;
  const refuse = refusalsOf("marketplace");

  async function findQuestion(id: number): Promise<QuestionRow | null> {
    const select = `select id::text as id, account, status, client_id::text as client_id from sim.mkt_questions where id = $1::bigint`;
    let rows = await db().query<QuestionRow>(select, [id]);
    if (rows.length === 0) {
      await db().query(mirrorQuestionsSql("q.id = $1::bigint"), [id]);
      rows = await db().query<QuestionRow>(select, [id]);
    }
    return rows[0] ?? null;
  }

  async function requireQuestion(call: string, id: number): Promise<QuestionRow> {
    const q = Number.isSafeInteger(id) ? await findQuestion(id) : null;
    if (!q) throw refuse(call, `La pregunta ${id} no existe en Mercado Libre.`, 404);
    return q;
  }

  return {
    answerQuestion(input) {
      return sim.run("marketplace", "answerQuestion", [input.questionId, input.message], async () => {
        const q = await requireQuestion("answerQuestion", input.questionId);
        if (q.status === "DELETED") throw refuse("answerQuestion", "La pregunta fue eliminada; ya no se puede responder.");
        if (q.status === "ANSWERED") throw refuse("answerQuestion", "La pregunta ya fue respondida.");
        const text = input.message.trim();
        if (text === "") throw refuse("answerQuestion", "La respuesta no puede estar vacía.");
        if (text.length > ANSWER_MAX) throw refuse("answerQuestion", `La respuesta excede ${ANSWER_MAX} caracteres.`);
        const [row] = await db().query<{ answered_at: string }>(
          `update sim.mkt_questions set status = 'ANSWERED', answer = $2, answered_by = $3, answered_at = now()
            where id = $1::bigint returning answered_at`,
          [q.id, text, input.updatedBy],
        );
        return { questionId: input.questionId, status: "ANSWERED", answeredAt: new Date(row.answered_at).toISOString() };
      });
    },

    blockUser(input) {
      return sim.run("marketplace", "blockUser", [input.questionId, input.clientId], async () => {
        const q = await requireQuestion("blockUser", input.questionId);
        if (q.client_id !== null && Number(q.client_id) !== input.clientId) {
          throw refuse("blockUser", "El comprador no corresponde a la pregunta.");
        }
        await db().query(
          `insert into sim.mkt_blocked_users (account, client_id, question_id) values ($1, $2, $3)
           on conflict (account, client_id) do nothing`,
          [input.account, input.clientId, input.questionId],
        );
      });
    },

    deleteQuestion(input) {
      return sim.run("marketplace", "deleteQuestion", [input.questionId], async () => {
        const q = await requireQuestion("deleteQuestion", input.questionId);
        if (q.status === "DELETED") return; // deleting twice is harmless, as on the marketplace
        await db().query(`update sim.mkt_questions set status = 'DELETED', deleted_at = now() where id = $1::bigint`, [q.id]);
      });
    },

    listPendingMessages() {
      return sim.run("marketplace", "listPendingMessages", [], async () => {
        // A conversation is pending while its newest message is the buyer's.
        const rows = await db().query<{
          order_id: string;
          account: MarketplaceAccount;
          client_id: string | null;
          order_status: string | null;
          last_date: string;
          messages: Array<{
            id: number;
            text: string;
            from_seller: boolean;
            client_id: number | null;
            created_at: string;
            attachments: Array<{ filename: string; original_filename: string }>;
          }>;
        }>(
          `with last as (
             select distinct on (order_id) order_id, account, client_id, from_seller, created_at
               from sim.mkt_messages order by order_id, created_at desc, id desc)
           select l.order_id::text as order_id, l.account, l.client_id::text as client_id, o.order_status, l.created_at as last_date,
                  (select jsonb_agg(jsonb_build_object('id', m.id, 'text', m.text, 'from_seller', m.from_seller, 'client_id', m.client_id,
                                                       'created_at', m.created_at, 'attachments', m.attachments) order by m.created_at, m.id)
                     from sim.mkt_messages m where m.order_id = l.order_id) as messages
             from last l left join sim.mkt_orders o on o.id = l.order_id
            where not l.from_seller
            order by l.created_at desc
            limit ${PENDING_LIMIT}`,
        );
        return rows.map((r): PendingConversation => {
          const sellerId = SELLER_IDS[r.account];
          const clientId = r.client_id === null ? null : Number(r.client_id);
          return {
            orderId: r.order_id,
            account: r.account,
            clientId,
            sellerId,
            status: r.order_status === "cancelled" ? "blocked" : "active",
            lastMessageDate: new Date(r.last_date).toISOString(),
            messages: r.messages.map((m) => ({
              id: String(m.id),
              text: m.text,
              fromUserId: m.from_seller ? sellerId : (clientId ?? 0),
              fromSeller: m.from_seller,
              date: new Date(m.created_at).toISOString(),
              attachments: (m.attachments ?? []).map((a) => ({ filename: a.filename, originalFilename: a.original_filename })),
            })),
          };
        });
      });
    },

    sendMessage(input) {
      return sim.run("marketplace", "sendMessage", [input.orderId, input.message], async () => {
        const id = input.orderId.trim();
        if (!/^\d{1,19}$/.test(id)) throw refuse("sendMessage", `La orden ${input.orderId} no existe en Mercado Libre.`, 404);
        let [order] = await db().query<{ order_status: string; client_id: string | null }>(
          `select order_status, buyer_id::text as client_id from sim.mkt_orders where id = $1::bigint`,
          [id],
        );
        if (!order) {
          await db().query(mirrorOrdersSql("o.id = $1::bigint"), [id]);
          [order] = await db().query(`select order_status, buyer_id::text as client_id from sim.mkt_orders where id = $1::bigint`, [id]);
        }
        if (!order) throw refuse("sendMessage", `La orden ${input.orderId} no existe en Mercado Libre.`, 404);
        if (order.order_status === "cancelled") {
          throw refuse("sendMessage", "La conversación no está activa; Mercado Libre no permite enviar mensajes en esta venta.");
        }
        const text = input.message.trim();
        if (text === "" && !input.file) throw refuse("sendMessage", "No se ha ingresado mensaje o archivo.");
        if (text.length > MESSAGE_MAX)
          throw refuse("sendMessage", `El mensaje excede los ${MESSAGE_MAX} caracteres que permite Mercado Libre.`);
        let attachment: { filename: string; originalFilename: string } | null = null;
        if (input.file) {
          if (input.file.size > ATTACHMENT_MAX_BYTES) throw refuse("sendMessage", "El archivo excede el tamaño máximo de 25 MB.");
          const n = await nextCounter(db(), "attachment", 1);
          const safe = input.file.name.replace(/[^A-Za-z0-9._-]+/g, "_");
          attachment = { filename: `${SELLER_IDS[input.account]}_${id}_${n}_${safe}`, originalFilename: input.file.name };
        }
        const [row] = await db().query<{ created_at: string }>(
          `insert into sim.mkt_messages (account, order_id, client_id, from_seller, text, attachments, updated_by)
           values ($1, $2::bigint, $3, true, $4, $5::jsonb, $6) returning created_at`,
          [
            input.account,
            id,
            input.clientId ?? (order.client_id === null ? null : Number(order.client_id)),
            text,
            JSON.stringify(
              attachment
                ? [
                    {
                      filename: attachment.filename,
                      original_filename: attachment.originalFilename,
                      size: input.file!.size,
                      content_type: input.file!.type,
                    },
                  ]
                : [],
            ),
            input.updatedBy,
          ],
        );
        return { sentAt: new Date(row.created_at).toISOString(), attachment };
      });
    },
  };
}
