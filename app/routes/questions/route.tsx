import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { useEffect, useRef } from "react";
import { Badge } from "~/components/Badge";
import { useInputsFollowUrl } from "~/components/FilterBar";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PageHeader } from "~/components/PageHeader";
import { can } from "~/lib/access";
import { cn } from "~/lib/cn";
import { formatQueryDate } from "@common/format";
import { parseQuery } from "~/lib/query";
import { withParams } from "~/lib/list-url";
import { redirectWithToast } from "~/lib/toast.server";
import { useAppUser } from "~/lib/use-app-user";
import { requireAccess } from "~/lib/auth/guard.server";
import { answerQuestion, listFastAnswers, updateDraft, type CommandResult } from "~/modules/questions/commands.server";
import { QuestionCard, type CardErrors } from "~/routes/questions/question-card";
import { listHistory, listPending, responseTimes } from "~/modules/questions/questions.server";
import { ResponseTimeCards } from "~/routes/questions/response-time-cards";
import { QUESTIONS_BATCH, storeLabel } from "~/modules/questions/rules";
import { AnswerSchema, DraftSchema, QuestionsQuery } from "~/modules/questions/schemas";
import { QUESTION_CONSTRAINTS } from "~/modules/questions/constraints.server";
import { readForm } from "~/lib/http.server";

export const meta: MetaFunction = () => [{ title: "Preguntas" }];

/** Pending questions refresh every 5 minutes with JavaScript (spec 1 §9). */
const REFRESH_MS = 300_000;
/** Infinite scroll waits this long between batches (the old app's 1 s lock). */
const SCROLL_LOCK_MS = 1000;

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const query = parseQuery(url, QuestionsQuery);
  const [times, fastAnswers] = await Promise.all([responseTimes(), listFastAnswers()]);
  const constraints = { answer: QUESTION_CONSTRAINTS.answer, rated: QUESTION_CONSTRAINTS.rated, history: QUESTION_CONSTRAINTS.history };
  if (query.tab === "history") {
    const history = await listHistory(query);
    return { query, times, fastAnswers, rows: history.rows, total: history.total, more: history.more, counts: history.counts, constraints };
  }
  const pending = await listPending(query.limit);
  return { query, times, fastAnswers, rows: pending.rows, total: pending.total, more: pending.more, counts: null, constraints };
}

type ActionData = { questionId: number; errors: CardErrors; typed: string };

export async function action({ request, url }: ActionFunctionArgs) {
  const actor = await requireAccess(request, url);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const questionId = Number(formData.get("questionId"));
  const back = `/questions${url.search}#question-${Number.isSafeInteger(questionId) ? questionId : ""}`;

  async function finish(result: CommandResult, successTo: string) {
    if (result.ok) return redirectWithToast(successTo, result.toast);
    if (result.notFound) throw new Response("La pregunta no existe.", { status: 404 });
    if (result.fieldErrors) {
      return data<ActionData>({ questionId, errors: result.fieldErrors, typed: String(formData.get("answer") ?? "") }, { status: 400 });
    }
    return redirectWithToast(back, result.toast ?? { title: "No se pudo completar", variant: "danger" });
  }

  if (intent === "answer") {
    const submission = parseWithZod(formData, { schema: AnswerSchema });
    if (submission.status !== "success") {
      const reply = submission.reply();
      const fieldErrors = (reply.error ?? {}) as Record<string, string[] | null>;
      return data<ActionData>(
        {
          questionId,
          errors: {
            answer: fieldErrors.answer ?? undefined,
            evaluation: fieldErrors.evaluation ?? undefined,
            form: fieldErrors.questionId ?? undefined,
          },
          typed: String(formData.get("answer") ?? ""),
        },
        { status: 400 },
      );
    }
    // After answering, the pending list reloads from the start.
    return finish(await answerQuestion(submission.value, actor), "/questions");
  }
  const draft = DraftSchema.safeParse(Object.fromEntries(formData));
  if (!draft.success) {
    return redirectWithToast(`/questions${url.search}`, {
      title: "Solicitud inválida",
      message: "Revisa los datos enviados e intenta de nuevo.",
      variant: "warning",
    });
  }
  return finish(await updateDraft(draft.data, actor), back);
}

export default function Questions() {
  const historyFilters = useRef<HTMLFormElement>(null);
  useInputsFollowUrl(historyFilters);
  const { query, times, fastAnswers, rows, total, more: hasMore, counts, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const user = useAppUser();
  const { search } = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const canModerate = can(user, "questions.moderate");
  const history = query.tab === "history";
  const moreHref = `/questions${withParams(search, { limit: query.limit + QUESTIONS_BATCH })}`;
  const busyId = navigation.state === "submitting" ? Number(navigation.formData?.get("questionId")) : null;

  useEffect(() => {
    if (history) return;
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [history, revalidator]);

  return (
    <div>
      <PageHeader
        title="Preguntas"
        total={total}
        actions={
          <Link to={`/questions/fast-answers${search}`} preventScrollReset className="btn-secondary">
            Respuestas rápidas
          </Link>
        }
      />
      <ResponseTimeCards rows={times} />

      <nav className="mb-4 flex gap-1 border-b border-slate-200" aria-label="Secciones">
        <TabLink to="/questions" current={!history}>
          Pendientes
        </TabLink>
        <TabLink to="/questions?tab=history" current={history}>
          Historial
        </TabLink>
      </nav>

      {history ? (
        <div className="card mb-4 flex flex-wrap items-end justify-between gap-3 p-4">
          <Form ref={historyFilters} method="get" className="flex flex-wrap items-end gap-3" role="search">
            <input type="hidden" name="tab" value="history" />
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">Fecha</span>
              <input
                type="date"
                name="date"
                className="input"
                defaultValue={query.date?.replace(/\//g, "-") ?? ""}
                max={formatQueryDate(new Date()).replace(/\//g, "-")}
              />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium text-slate-700">Id del cliente</span>
              <input
                type="search"
                name="search"
                {...constraints.history.search}
                inputMode="numeric"
                className="input"
                defaultValue={query.search ?? ""}
              />
            </label>
            <button type="submit" className="btn-secondary">
              Filtrar
            </button>
            <Link to="/questions?tab=history" className="btn-ghost">
              Limpiar Filtros
            </Link>
          </Form>
          {counts ? (
            <ul className="flex flex-wrap gap-2 text-sm" aria-label="Preguntas por tienda" data-testid="store-counts">
              {counts.map((c) => (
                <li key={c.store ?? "main"}>
                  <Badge variant="indigo">
                    {storeLabel(c.store)}: {c.n.toLocaleString("es-MX")}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <div className="space-y-3">
        {rows.length === 0 ? (
          <p className="card p-6 text-center text-slate-500">
            {history ? "No hay preguntas en el historial con estos filtros." : "No hay preguntas pendientes."}
          </p>
        ) : (
          rows.map((q) => (
            <QuestionCard
              key={q.id}
              question={q}
              fastAnswers={fastAnswers}
              constraints={q.suggestion ? constraints.rated : constraints.answer}
              canModerate={canModerate}
              search={search}
              errors={actionData?.questionId === q.id ? actionData.errors : undefined}
              typed={actionData?.questionId === q.id ? actionData.typed : undefined}
              busy={busyId === q.id}
            />
          ))
        )}
      </div>

      {hasMore ? (
        history ? (
          <InfiniteMore to={moreHref} />
        ) : (
          <div className="mt-4 text-center">
            <Link to={moreHref} preventScrollReset replace className="btn-secondary">
              Cargar más
            </Link>
          </div>
        )
      ) : null}
      <Outlet />
    </div>
  );
}

function TabLink({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={cn(
        "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
        current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-500 hover:text-slate-700",
      )}
    >
      {children}
    </Link>
  );
}

/**
 * History: the link loads three more without JavaScript; with it, each scroll that reaches the link
 * does (locked 1 s after the batch arrives). A wheel or touch move counts even when the page can no longer scroll (the link
 * already in view): waiting only for the link to enter the view again would never load the next batch.
 */
function InfiniteMore({ to }: { to: string }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const navigate = useNavigate();
  const idle = useNavigation().state === "idle";
  const lockedUntil = useRef(0);
  const asked = useRef(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || !idle) return;
    // A batch just arrived: the gesture that asked for it may still be scrolling (smooth scrolling,
    // the page growing under it), so the lock starts again now; one gesture adds one batch.
    if (asked.current) {
      asked.current = false;
      lockedUntil.current = Date.now() + SCROLL_LOCK_MS;
    }
    const load = () => {
      if (Date.now() < lockedUntil.current || el.getBoundingClientRect().top > window.innerHeight) return;
      lockedUntil.current = Date.now() + SCROLL_LOCK_MS;
      asked.current = true;
      navigate(to, { replace: true, preventScrollReset: true });
    };
    const events = ["scroll", "wheel", "touchmove"] as const;
    for (const name of events) window.addEventListener(name, load, { passive: true });
    // Says that a gesture is listened for, the lock counted from this batch: browser tests wait on it.
    el.dataset.listening = "true";
    return () => {
      delete el.dataset.listening;
      for (const name of events) window.removeEventListener(name, load);
    };
  }, [to, navigate, idle]);
  return (
    <div className="mt-4 text-center">
      <Link ref={ref} to={to} preventScrollReset replace className="btn-secondary">
        Ver más
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
