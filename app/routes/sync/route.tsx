import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { Outlet, useActionData, useLoaderData } from "react-router";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PageHeader } from "~/components/PageHeader";
import { readFormIntent } from "~/lib/dialog-intent";
import { listUrlOf, readForm, statusOf } from "~/lib/http.server";
import { redirectPastLastPage } from "~/lib/list.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requestFeedRun } from "~/modules/sync/feed-control.server";
import { feedLabel } from "~/modules/sync/feed-names";
import { durationText } from "~/modules/sync/feed-view";
import { listOutbound, outboundCounts, retryAllFailed, retryOutbound } from "~/modules/sync/outbox.server";
import { parseSyncQuery, SyncIntent, SyncPost } from "~/modules/sync/schemas";
import { SYNC_PATH, SYNC_TEXTS } from "~/modules/sync/sync-texts";
import { checkConnection, listFeedRejects, listFeeds, listIntegrations } from "~/modules/sync/status.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { FeedsSection, IntegrationsSection, OutboxSection, RejectsSection } from "~/routes/sync/sync-sections";

export const meta: MetaFunction = () => [{ title: SYNC_TEXTS.title }];

/** The feeds, the records they refused, the outbox and the integrations (Admin, Developer). */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const query = parseSyncQuery(url);
  const feeds = await listFeeds();
  const rejects = await listFeedRejects({ feed: query.feed, page: query.rejects_page });
  redirectPastLastPage(url, rejects, query.rejects_page, "rejects_page");
  const outbox = await listOutbound({ state: query.outbox, page: query.outbox_page });
  redirectPastLastPage(url, outbox, query.outbox_page, "outbox_page");
  const counts = await outboundCounts();
  const now = new Date();
  return {
    query,
    feeds,
    rejects,
    outbox,
    counts: { ...counts, oldestPendingAge: counts.oldestPendingAt ? durationText(now.getTime() - counts.oldestPendingAt.getTime()) : null },
    integrations: await listIntegrations(),
  };
}

/** A refusal shown in the page (never a flash cookie, decision 0026). */
const refused = (error: string, status = 400) => data({ error, checked: null as null | { ok: boolean; message: string } }, { status });

/**
 * The screen's buttons: "Sincronizar ahora" (a job row for the feed), "Reintentar" one failed
 * outbox call or all of them, "Probar conexión" with the content back end. A value no button
 * posts, an unknown feed or a bad id is a 400 with its reason; the control functions audit.
 */
export async function action({ request, url }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const form = await readForm(request);
  const back = listUrlOf(SYNC_PATH, url);
  const intent = readFormIntent(SyncIntent, form, null);
  if (!intent) return refused(SYNC_TEXTS.unknownIntent);
  switch (intent) {
    case "run": {
      const parsed = SyncPost.run.safeParse({ feed: form.get("feed") });
      if (!parsed.success) return refused(SYNC_TEXTS.unknownFeed);
      await requestFeedRun(parsed.data.feed, actor);
      return redirectWithToast(back, {
        title: `Sincronización solicitada: ${feedLabel(parsed.data.feed)}`,
        message: "Se ejecutará en los próximos segundos.",
        variant: "success",
      });
    }
    case "retry": {
      const parsed = SyncPost.retry.safeParse({ id: form.get("id") });
      if (!parsed.success) return refused(SYNC_TEXTS.badId);
      const retried = await retryOutbound(parsed.data.id, actor);
      if (!retried.ok) return refused(retried.message, statusOf(retried));
      return redirectWithToast(back, {
        title: "Envío reintentado",
        message: "Vuelve a la cola y se envía en los próximos segundos.",
        variant: "success",
      });
    }
    case "retry-all": {
      const count = await retryAllFailed(actor);
      return redirectWithToast(back, {
        title: count ? "Envíos reintentados" : "Nada que reintentar",
        message: count ? `${count} ${count === 1 ? "envío vuelve" : "envíos vuelven"} a la cola.` : "No hay envíos fallidos.",
        variant: count ? "success" : "info",
      });
    }
    case "check": {
      const parsed = SyncPost.check.safeParse({ system: form.get("system") });
      if (!parsed.success) return refused(SYNC_TEXTS.badSystem);
      const checked = await checkConnection(parsed.data.system);
      if (!checked.ok) return data({ error: null, checked: { ok: false, message: checked.message } }, { status: 502 });
      return redirectWithToast(back, {
        title: "Conexión correcta",
        message: "El sistema respondió y aceptó el token.",
        variant: "success",
      });
    }
  }
}

export default function SyncScreen() {
  const { query, feeds, rejects, outbox, counts, integrations } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="space-y-8">
      <PageHeader title={SYNC_TEXTS.title}>
        <p className="mt-1 text-sm text-slate-600">Lo que llega del back end de contenido y lo que se le envía.</p>
      </PageHeader>
      {answer?.error ? (
        <p role="alert" className="card border-red-200 bg-red-50 p-4 text-sm text-red-800" data-testid="sync-error">
          {answer.error}
        </p>
      ) : null}
      <FeedsSection feeds={feeds} />
      <RejectsSection rejects={rejects} feed={query.feed} />
      <OutboxSection outbox={outbox} counts={counts} state={query.outbox} />
      <IntegrationsSection integrations={integrations} checked={answer?.checked ?? null} />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
