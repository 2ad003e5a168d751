import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { useActionData, useLoaderData, useLocation } from "react-router";
import { ConfirmDialog } from "~/components/Dialog";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import { listUrlOf, paramOr404 } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { resumeFeedFromUpstream } from "~/modules/sync/feed-control.server";
import { feedLabel } from "~/modules/sync/feed-names";
import { stampText } from "~/modules/sync/feed-view";
import { FeedParam } from "~/modules/sync/schemas";
import { feedForResume } from "~/modules/sync/status.server";
import { SYNC_PATH, SYNC_TEXTS } from "~/modules/sync/sync-texts";
import { requireAccess } from "~/lib/auth/guard.server";

export const meta: MetaFunction = () => [{ title: "Continuar desde el origen" }];

const NOT_WAITING = "Esta sincronización no está en espera: no hay nada que continuar.";

async function feedOf(request: Request, url: URL, raw: string | undefined) {
  const actor = await requireAccess(request, url);
  return { actor, feed: paramOr404(FeedParam, raw, SYNC_TEXTS.unknownFeed) };
}

/** "Continuar desde el origen" for a feed whose cursor is ahead of upstream: what it will do, then the button. */
export async function loader({ request, url, params }: LoaderFunctionArgs) {
  const { feed } = await feedOf(request, url, params.feed);
  const state = await feedForResume(feed);
  return {
    label: feedLabel(feed),
    waiting: state?.status === "waiting",
    cursorAt: stampText(state?.cursorAt) || "—",
    upstreamLatestAt: stampText(state?.upstreamLatestAt) || "sin datos",
  };
}

/** Moves the cursor back to upstream's newest change (audited by the command); a feed no longer waiting is a 409 in the dialog. */
export async function action({ request, url, params }: ActionFunctionArgs) {
  const { actor, feed } = await feedOf(request, url, params.feed);
  if (!(await resumeFeedFromUpstream(feed, actor))) return data({ error: NOT_WAITING }, { status: 409 });
  return redirectWithToast(listUrlOf(SYNC_PATH, url), {
    title: `Sincronización reanudada: ${feedLabel(feed)}`,
    message: "Su cursor vuelve a lo más reciente del origen; la siguiente ejecución sigue desde ahí.",
    variant: "success",
  });
}

export default function ResumeFeedDialog() {
  const { label, waiting, cursorAt, upstreamLatestAt } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { search } = useLocation();
  const closeTo = `${SYNC_PATH}${search}`;
  const refusal = answer?.error ?? (waiting ? null : NOT_WAITING);
  return (
    <ConfirmDialog
      title={`Continuar desde el origen: ${label}`}
      closeTo={closeTo}
      confirmLabel="Continuar desde el origen"
      busyLabel="Continuando…"
      refused={!!refusal}
    >
      {refusal ? (
        <p role="alert" className="text-sm text-amber-900">
          {refusal}
        </p>
      ) : (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            El cursor de esta sincronización va adelante de lo más reciente que tiene el origen (¿se restauró un respaldo?). Al continuar,
            el cursor vuelve a lo más reciente del origen: no se salta nada de lo que el origen tiene, y los registros que ya están aquí se
            vuelven a aplicar sin cambios.
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-slate-500">Cursor actual</dt>
            <dd className="tabular-nums">{cursorAt}</dd>
            <dt className="text-slate-500">Lo más reciente del origen</dt>
            <dd className="tabular-nums">{upstreamLatestAt}</dd>
          </dl>
        </div>
      )}
    </ConfirmDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary listPath={SYNC_PATH} notFoundTitle="Sincronización no encontrada" notFoundText={SYNC_TEXTS.unknownFeed} />;
}
