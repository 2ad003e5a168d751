import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, redirect } from "react-router";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { useRef } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { DayRangeInputs, FilterSelect, useInputsFollowUrl } from "~/components/FilterBar";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { Toaster } from "~/components/Toast";
import { cn } from "~/lib/cn";
import { ToastSchema } from "~/lib/toast";
import { withParams } from "~/lib/list-url";
import { canonicalDayRange } from "~/lib/day-range";
import { discardPostedFile, readFormWithFile } from "~/lib/multipart.server";
import { parseQuery } from "~/lib/query";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { sendReply, updateDraft } from "~/modules/messages/commands.server";
import { ConversationCard, HistoryRow } from "~/routes/messages/conversation-card";
import { listCannedReplies, listConversations } from "~/modules/messages/messages.server";
import { ATTACHMENT_MAX_BYTES } from "~/modules/messages/rules";
import {
  ASSIGNED_FILTERS,
  CLAIM_RETURN_FILTERS,
  DAY_FILTERS,
  LOGISTIC_FILTERS,
  MESSAGE_STATUS_FILTERS,
  ORDER_STATUS_FILTERS,
  SECTIONS,
  SECTION_LABELS,
  SHIPMENT_STATUS_FILTERS,
} from "~/modules/messages/filter-options";
import { MessagesQuery, ReplyFields } from "~/modules/messages/schemas";
import { MESSAGE_CONSTRAINTS } from "~/modules/messages/constraints.server";
import { syncMessages } from "~/modules/messages/sync.server";
import { redirectPastLastPage } from "~/lib/list.server";

export const meta: MetaFunction = () => [{ title: "Mensajes" }];

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const canonical = canonicalDayRange(url);
  if (canonical) throw redirect(canonical);
  const query = parseQuery(url, MessagesQuery);
  const [list, templates] = await Promise.all([listConversations(query), listCannedReplies()]);
  redirectPastLastPage(url, list, list.page);
  return { ...list, query, templates, constraints: { reply: MESSAGE_CONSTRAINTS.reply, search: MESSAGE_CONSTRAINTS.list.search } };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const { formData, file } = await readFormWithFile(request, ATTACHMENT_MAX_BYTES);
  try {
    const parsed = ReplyFields.safeParse(Object.fromEntries([...formData.entries()].filter(([k]) => k !== "file")));
    const back = (id?: number) => `/messages${url.search}${id ? `#conversation-${id}` : ""}`;
    if (formData.get("intent") === "sync") {
      // Imports the buyers' new messages (marketplace first, then one transaction); back to the same list.
      return redirectWithToast(back(), (await syncMessages(actor)).toast);
    }
    if (!parsed.success) {
      return redirectWithToast(back(), {
        title: "Solicitud inválida",
        message: "Revisa los datos enviados e intenta de nuevo.",
        variant: "warning",
      });
    }
    const input = parsed.data;
    const result =
      input.intent === "reply"
        ? await sendReply(
            { conversationId: input.conversationId, message: input.message, file, seenLastMessage: input.seenLastMessage },
            actor,
          )
        : await updateDraft(
            { intent: input.intent, conversationId: input.conversationId, message: input.message, templateId: input.templateId },
            actor,
          );
    if (!result.ok && result.notFound) throw new Response("La conversación no existe.", { status: 404 });
    // The file store is down: a 503 with the toast in the page (nothing was sent; the text is in the draft).
    if (!result.ok && result.unavailable) return data({ toast: ToastSchema.parse(result.toast) }, { status: 503 });
    return redirectWithToast(back(input.conversationId), result.toast);
  } finally {
    // The staged copy goes whatever happened: a sent reply's attachment is in the store by now.
    await discardPostedFile(file);
  }
}

export default function Messages() {
  const filters = useRef<HTMLFormElement>(null);
  useInputsFollowUrl(filters);
  const { rows, total, page, pageSize, query, templates, constraints } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? Number(navigation.formData?.get("conversationId")) : null;
  const syncing = navigation.state === "submitting" && navigation.formData?.get("intent") === "sync";
  return (
    <div>
      {refused && "toast" in refused ? <Toaster key={refused.toast.id} toast={refused.toast} /> : null}
      <PageHeader
        title="Mensajes"
        total={total}
        actions={
          <>
            <Form method="post" action={`/messages${search}`} preventScrollReset>
              <button type="submit" name="intent" value="sync" className="btn-primary" disabled={syncing}>
                {syncing ? "Sincronizando…" : "Sincronizar mensajes"}
              </button>
            </Form>
            <Link to={`/messages/templates${search}`} preventScrollReset className="btn-secondary">
              Plantillas
            </Link>
          </>
        }
      />
      <nav className="mb-3 flex gap-1 border-b border-slate-200" aria-label="Secciones">
        {SECTIONS.map((s) => (
          <Link
            key={s}
            // Spec: a tab sets the section and goes back to page 1; the filters stay.
            to={`/messages${withParams(search, { section: s === "pending" ? null : s, page: null })}`}
            aria-current={query.section === s ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
              query.section === s ? "border-brand-600 text-brand-700" : "border-transparent text-slate-500 hover:text-slate-700",
            )}
          >
            {SECTION_LABELS[s]}
          </Link>
        ))}
      </nav>
      <Pagination page={page} total={total} pageSize={pageSize} basePath="/messages" />

      <details className="card mb-4 p-4" open={hasFilters(query)}>
        <summary className="cursor-pointer text-sm font-medium">Filtros</summary>
        <Form ref={filters} method="get" role="search" className="mt-3 flex flex-wrap items-end gap-3">
          {query.section !== "pending" ? <input type="hidden" name="section" value={query.section} /> : null}
          <label className="flex min-w-48 flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">Buscar orden</span>
            <input
              type="search"
              name="search"
              {...constraints.search}
              defaultValue={query.search ?? ""}
              className="input"
              placeholder="Orden, MLM… o comprador"
            />
          </label>
          <FilterSelect
            name="filterLogisticType"
            label="Logística"
            value={query.filterLogisticType}
            allLabel="Todas"
            options={LOGISTIC_FILTERS}
          />
          <FilterSelect
            name="filterStatus"
            label="Estado de la orden"
            value={query.filterStatus}
            allLabel="Todos"
            options={ORDER_STATUS_FILTERS}
          />
          <FilterSelect
            name="message_status_filter"
            label="Conversación"
            value={query.message_status_filter}
            allLabel="Todas"
            options={MESSAGE_STATUS_FILTERS}
          />
          <FilterSelect
            name="shipment_status_filter"
            label="Envío"
            value={query.shipment_status_filter}
            allLabel="Todos"
            options={SHIPMENT_STATUS_FILTERS}
          />
          <FilterSelect
            name="claim_return_status_filter"
            label="Reclamos"
            value={query.claim_return_status_filter}
            allLabel="Todos"
            options={CLAIM_RETURN_FILTERS}
          />
          <FilterSelect
            name="assigned_move_filter"
            label="Movimiento"
            value={query.assigned_move_filter}
            allLabel="Todos"
            options={ASSIGNED_FILTERS}
          />
          <FilterSelect name="day_filter" label="Último mensaje" value={query.day_filter} allLabel="Cualquier día" options={DAY_FILTERS} />
          <DayRangeInputs range={query} />
          <FilterSelect
            name="sortName"
            label="Ordenar por"
            value={query.sortName}
            allLabel="Último mensaje"
            options={[["order_date", "Fecha de la orden"]]}
          />
          <FilterSelect
            name="sortValue"
            label="Orden"
            value={query.sortValue}
            allLabel="Más recientes"
            options={[["asc", "Más antiguos"]]}
          />
          <button type="submit" className="btn-secondary">
            Buscar
          </button>
          <Link to={query.section === "pending" ? "/messages" : `/messages?section=${query.section}`} className="btn-ghost">
            Limpiar Filtros
          </Link>
        </Form>
      </details>

      <div className="space-y-3">
        {rows.length === 0 ? (
          <p className="card p-6 text-center text-slate-500">No hay conversaciones con estos filtros.</p>
        ) : query.section === "history" ? (
          rows.map((c) => <HistoryRow key={c.id} c={c} search={search} />)
        ) : (
          rows.map((c) => (
            <ConversationCard
              key={c.id}
              c={c}
              templates={templates}
              constraints={constraints.reply}
              action={`/messages${search}`}
              busy={busyId === c.id}
            />
          ))
        )}
      </div>
      <Pagination page={page} total={total} pageSize={pageSize} basePath="/messages" />
      <Outlet />
    </div>
  );
}

function hasFilters(query: Record<string, unknown>) {
  return Object.entries(query).some(([k, v]) => !["section", "page"].includes(k) && v !== undefined);
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
