import { Icon } from "~/components/Icon";
import { RelativeTime } from "~/components/RelativeTime";
import { Form, Link } from "react-router";
import { useState, type FormEvent } from "react";
import { Toaster } from "~/components/Toast";
import { Badge } from "~/components/Badge";
import { cn } from "~/lib/cn";
import type { InputConstraint } from "~/lib/constraints";
import { formatDateTime } from "@common/format";
import { appendText } from "~/modules/questions/rules";
import type { Toast } from "~/lib/toast";
import { attachmentProblem, canReply, marketplaceAttachmentUrl, saleUrl } from "~/modules/messages/rules";

type Attachment = { filename: string; originalFilename: string; size?: number; fileId?: string };
export type ThreadMessage = { id: number; text: string; fromSeller: boolean; messageDate: string | Date; attachments: Attachment[] };
export type CardConversation = {
  id: number;
  orderId: string;
  packId: string | null;
  orderDate: string | Date;
  orderInfo: { items: Array<{ id: string; title: string; image?: string | null; sold: number }> };
  clientInfo: { nickname?: string } | null;
  sellerId: number;
  status: string;
  lastMessageDate: string | Date | null;
  priority: boolean;
  draft: string | null;
  publicationPermalink: string | null;
  publicationImage: string | null;
  messages: ThreadMessage[];
};

/** Our stored files download through the guarded route; the rest open on the marketplace. */
export function AttachmentLink({ a, packId, sellerId }: { a: Attachment; packId: string; sellerId: number }) {
  const label = (
    <span className="inline-flex items-center gap-1">
      <Icon name="paperclip" className="h-3.5 w-3.5" />
      {a.originalFilename}
    </span>
  );
  return a.fileId ? (
    <a href={`/messages/attachments/${a.fileId}`} className="text-brand-700 underline" download>
      {label}
    </a>
  ) : (
    <a href={marketplaceAttachmentUrl(packId, sellerId, a.filename)} target="_blank" rel="noreferrer" className="text-brand-700 underline">
      {label}
    </a>
  );
}

/** A sale card: first item, units, order, publication link, urgency and time since the last message. */
export function SaleCard({ c }: { c: CardConversation }) {
  const first = c.orderInfo.items[0];
  const units = c.orderInfo.items.reduce((s, it) => s + (it.sold ?? 0), 0);
  const image = first?.image ?? c.publicationImage;
  return (
    <div className="flex gap-3 text-sm">
      {image ? (
        <img src={image} alt="" className="h-16 w-16 flex-none rounded object-cover" loading="lazy" />
      ) : (
        <div className="flex h-16 w-16 flex-none items-center justify-center rounded bg-slate-100 text-xs text-slate-600">Sin imagen</div>
      )}
      <div className="min-w-0">
        <p className="line-clamp-2 font-medium">{first?.title ?? "Venta"}</p>
        <p className="text-slate-600">
          {units} {units === 1 ? "unidad" : "unidades"} · Orden{" "}
          <a href={saleUrl(c.orderId)} target="_blank" rel="noreferrer" className="font-mono text-brand-700 underline">
            {c.orderId}
          </a>
        </p>
        <p className="text-xs text-slate-500">
          {formatDateTime(c.orderDate)}
          {c.publicationPermalink ? (
            <>
              {" · "}
              <a href={c.publicationPermalink} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                Ver publicación
              </a>
            </>
          ) : first?.id ? (
            <> · {first.id}</>
          ) : null}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs">
          {c.priority ? <Badge variant="danger">Urgente</Badge> : null}
          {c.lastMessageDate ? (
            <span className="text-slate-500">
              Último mensaje <RelativeTime date={c.lastMessageDate} />
            </span>
          ) : null}
          {c.clientInfo?.nickname ? (
            <span className="font-medium text-slate-700" title="Comprador">
              {c.clientInfo.nickname}
            </span>
          ) : null}
        </p>
      </div>
    </div>
  );
}

function insertTemplate(textareaId: string, selectId: string, templates: Array<{ id: number; text: string }>) {
  const select = document.getElementById(selectId) as HTMLSelectElement | null;
  const el = document.getElementById(textareaId) as HTMLTextAreaElement | null;
  const template = templates.find((t) => String(t.id) === select?.value);
  if (!template || !el) return false;
  el.value = appendText(el.value, template.text);
  el.focus();
  return true;
}

/**
 * With JavaScript a file over 25 MB is refused before it is uploaded (the server answers the same
 * warning after an upload without JavaScript).
 */
function tooBigToSend(event: FormEvent<HTMLFormElement>): Toast | null {
  const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
  if (submitter?.value !== "reply") return null;
  const file = (event.currentTarget.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
  const problem = attachmentProblem(file ? { name: file.name, size: file.size } : null);
  return problem ? { id: String(Date.now()), ...problem, variant: "warning", durationMs: 5000 } : null;
}

/** Pending and invoice rows: the sale, the buyer's last words, the reply box and the earlier thread. */
export function ConversationCard({
  c,
  templates,
  constraints,
  action,
  busy,
}: {
  c: CardConversation;
  templates: Array<{ id: number; name: string; text: string }>;
  /** The reply form's native constraints. */
  constraints: { message: InputConstraint };
  action: string;
  busy: boolean;
}) {
  const active = canReply(c.status);
  const lastSeller = c.messages.map((m) => m.fromSeller).lastIndexOf(true);
  const latestBuyer = c.messages.slice(lastSeller + 1).filter((m) => !m.fromSeller);
  const earlier = c.messages.slice(0, lastSeller + 1);
  const textareaId = `reply-${c.id}`;
  const selectId = `template-${c.id}`;
  const packId = c.packId ?? c.orderId;
  const [warning, setWarning] = useState<Toast | null>(null);
  return (
    <article
      id={`conversation-${c.id}`}
      className="card grid gap-4 p-4 lg:grid-cols-[20rem_1fr]"
      data-testid="conversation"
      data-conversation-id={c.id}
    >
      <SaleCard c={c} />
      <div className="min-w-0">
        <div className="rounded-md bg-slate-50 p-3 text-sm" data-testid="last-buyer-message">
          {latestBuyer.length === 0 ? (
            <p className="text-slate-500">Sin mensajes nuevos del comprador.</p>
          ) : (
            latestBuyer.map((m) => (
              <div key={m.id} className="mb-1 last:mb-0">
                {m.text ? <p>{m.text}</p> : null}
                {m.attachments.map((a) => (
                  <p key={a.filename}>
                    <AttachmentLink a={a} packId={packId} sellerId={c.sellerId} />
                  </p>
                ))}
                <p className="text-xs text-slate-500">{formatDateTime(m.messageDate)}</p>
              </div>
            ))
          )}
        </div>
        {earlier.length ? (
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer text-brand-700">Preguntas y respuestas anteriores ({earlier.length})</summary>
            <ul className="mt-1 space-y-1 border-l-2 border-slate-200 pl-3">
              {earlier.map((m) => (
                <li key={m.id} className={m.fromSeller ? "text-slate-600" : ""}>
                  <span className="text-xs text-slate-500">
                    {m.fromSeller ? "Vendedor" : "Comprador"} · {formatDateTime(m.messageDate)}:{" "}
                  </span>
                  {m.text}
                  {m.attachments.map((a) => (
                    <span key={a.filename} className="ml-2">
                      <AttachmentLink a={a} packId={packId} sellerId={c.sellerId} />
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        <Form
          method="post"
          encType="multipart/form-data"
          action={action}
          preventScrollReset
          className="mt-3"
          aria-label={`Responder orden ${c.orderId}`}
          onSubmit={(event) => {
            const refused = tooBigToSend(event);
            if (!refused) return;
            event.preventDefault();
            setWarning(refused);
          }}
        >
          {warning ? <Toaster toast={warning} /> : null}
          <input type="hidden" name="conversationId" value={c.id} />
          <input type="hidden" name="seenLastMessage" value={c.lastMessageDate ? new Date(c.lastMessageDate).toISOString() : ""} />
          <fieldset disabled={!active || busy} className={cn("space-y-2", !active && "opacity-50")}>
            {!active ? (
              <p className="text-xs text-amber-800">
                Conversación {c.status === "blocked" ? "bloqueada" : "cerrada"}: no se pueden enviar mensajes.
              </p>
            ) : null}
            <label htmlFor={textareaId} className="sr-only">
              Respuesta
            </label>
            <textarea
              id={textareaId}
              name="message"
              {...constraints.message}
              rows={2}
              defaultValue={c.draft ?? ""}
              className="input"
              placeholder="Escribe tu respuesta…"
            />
            <div className="flex flex-wrap items-end justify-between gap-2">
              <div className="flex flex-wrap items-end gap-2">
                <select id={selectId} name="templateId" className="input w-auto py-1.5 text-xs" defaultValue="" aria-label="Plantilla">
                  <option value="">Plantillas…</option>
                  {templates.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </select>
                <button
                  type="submit"
                  name="intent"
                  value="insert-template"
                  className="btn-secondary py-1.5 text-xs"
                  onClick={(e) => insertTemplate(textareaId, selectId, templates) && e.preventDefault()}
                >
                  Insertar
                </button>
                <label className="btn-secondary cursor-pointer py-1.5 text-xs">
                  Adjuntar
                  <input type="file" name="file" className="ml-2 w-44 text-xs" aria-label="Adjuntar archivo" />
                </label>
              </div>
              <button type="submit" name="intent" value="reply" className="btn-primary">
                {busy ? "Enviando…" : "Enviar"}
              </button>
            </div>
          </fieldset>
        </Form>
      </div>
    </article>
  );
}

/** History rows: one per order; several items fold into a card; the button opens the conversation. */
export function HistoryRow({ c, search }: { c: CardConversation & { orderStatus: string | null }; search: string }) {
  const items = c.orderInfo.items;
  return (
    <article className="card flex flex-wrap items-center justify-between gap-3 p-4" data-testid="conversation" data-conversation-id={c.id}>
      <div className="min-w-0 flex-1">
        {items.length > 1 ? (
          <details>
            <summary className="cursor-pointer">
              <span className="font-medium">{items[0].title}</span> <Badge variant="gray">+{items.length - 1} artículos</Badge>
            </summary>
            <ul className="mt-1 list-disc pl-5 text-sm text-slate-600">
              {items.map((it, k) => (
                <li key={`${it.id}-${k}`}>
                  {it.title} × {it.sold}
                </li>
              ))}
            </ul>
          </details>
        ) : (
          <p className="font-medium">{items[0]?.title ?? "Venta"}</p>
        )}
        <p className="text-sm text-slate-600">
          Orden <span className="font-mono">{c.orderId}</span> · {formatDateTime(c.orderDate)} · {c.clientInfo?.nickname ?? ""}
          {c.lastMessageDate ? (
            <>
              {" "}
              · último mensaje <RelativeTime date={c.lastMessageDate} />
            </>
          ) : null}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {c.priority ? <Badge variant="danger">Urgente</Badge> : null}
        {c.status !== "active" ? <Badge variant="gray">{c.status === "blocked" ? "Bloqueada" : "Cerrada"}</Badge> : null}
        <Link to={`/messages/${c.id}${search}`} preventScrollReset className="btn-secondary">
          Ver conversación
        </Link>
      </div>
    </article>
  );
}
