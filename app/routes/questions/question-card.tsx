import { Form, Link } from "react-router";
import { RelativeTime } from "~/components/RelativeTime";
import { Badge } from "~/components/Badge";
import type { InputConstraint } from "~/lib/constraints";
import { ErrorList } from "~/components/Field";
import { cn } from "~/lib/cn";
import { formatDateTime, formatMoney } from "@common/format";
import {
  DELETED_STATUS,
  EVALUATIONS,
  EVALUATION_LABELS,
  appendText,
  canAnswer,
  isInactivePublication,
  isPending,
  storeLabel,
} from "~/modules/questions/rules";

export type CardQuestion = {
  id: number;
  status: string;
  message: string;
  answer: string | null;
  draft: string | null;
  clientId: number;
  clientNickname: string;
  store: string | null;
  dateCreated: string | Date;
  answeredAt: string | Date | null;
  evaluation: number | null;
  suggestion: string | null;
  publicationId: string | null;
  publicationTitle: string | null;
  publicationPermalink: string | null;
  publicationPrice: number | null;
  publicationStock: number | null;
  publicationStatus: string | null;
  publicationImage: string | null;
  linkedProducts: Array<{ sku: string; name: string; qty: number }> | null;
  records: Array<{ id: number; message: string; answer: string | null; status: string; dateCreated: string | Date }>;
};

export type CardErrors = { answer?: string[]; evaluation?: string[]; form?: string[] } | undefined;

/** With JavaScript the text goes straight into the textarea; without it the button posts and the draft is saved. */
function insertInto(textareaId: string, text: string, mode: "append" | "replace") {
  const el = document.getElementById(textareaId) as HTMLTextAreaElement | null;
  if (!el) return false;
  el.value = mode === "replace" ? text : appendText(el.value, text);
  el.focus();
  return true;
}

export function QuestionCard({
  question: q,
  fastAnswers,
  constraints,
  canModerate,
  search,
  errors,
  typed,
  busy,
}: {
  question: CardQuestion;
  fastAnswers: Array<{ id: number; name: string; text: string }>;
  /** The answer form's native constraints (with a suggestion, the rating is required). */
  constraints: { answer: InputConstraint; evaluation: InputConstraint };
  canModerate: boolean;
  search: string;
  errors: CardErrors;
  /** Text posted with a refused answer (field errors), shown instead of the stored draft. */
  typed?: string;
  busy: boolean;
}) {
  const pending = isPending(q);
  const inactive = isInactivePublication(q);
  const answerable = canAnswer(q);
  const textareaId = `answer-${q.id}`;
  const selectId = `fast-${q.id}`;
  return (
    <article
      id={`question-${q.id}`}
      // An inactive publication's card is told apart by its background and the "Inactiva" badge, not by
      // fading it: opacity lowered every text below the 4.5:1 contrast minimum.
      className={cn("card p-4", inactive && "border-dashed bg-slate-50")}
      data-testid="question"
      data-question-id={q.id}
      data-client-id={q.clientId}
      data-inactive={inactive ? "true" : undefined}
    >
      <div className="flex flex-wrap gap-4">
        <PublicationInfo q={q} />
        <div className="min-w-0 flex-1">
          <header className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span className="font-medium text-slate-800">{q.clientNickname}</span>
            <span title={formatDateTime(q.dateCreated)}>{formatDateTime(q.dateCreated)}</span>
            <span>
              (<RelativeTime date={q.dateCreated} />)
            </span>
            <Badge variant="gray">{storeLabel(q.store)}</Badge>
            {q.status === DELETED_STATUS ? <Badge variant="danger">Eliminada</Badge> : null}
            {!pending && q.status !== DELETED_STATUS ? <Badge variant="success">Respondida</Badge> : null}
          </header>
          <p className="mt-1 text-base font-medium" data-testid="question-message">
            {q.message}
          </p>

          {q.records.length ? (
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer text-brand-700">
                Preguntas anteriores del cliente en esta publicación ({q.records.length})
              </summary>
              <ul className="mt-1 space-y-1 border-l-2 border-slate-200 pl-3">
                {q.records.map((r) => (
                  <li key={r.id}>
                    <span className="text-xs text-slate-600">{formatDateTime(r.dateCreated)} · </span>
                    {r.message}
                    {r.answer ? <p className="text-slate-600">↳ {r.answer}</p> : null}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}

          {!pending ? (
            <div className="mt-2 rounded-md bg-slate-50 p-3 text-sm">
              {q.answer ? <p>{q.answer}</p> : <p className="text-slate-600">Sin respuesta.</p>}
              {q.answeredAt ? <p className="mt-1 text-xs text-slate-600">Respondida el {formatDateTime(q.answeredAt)}</p> : null}
              {q.suggestion ? (
                <p className="mt-1 text-xs text-slate-600">Sugerencia calificada: {q.evaluation ?? "sin calificar"}</p>
              ) : null}
            </div>
          ) : (
            <Form
              method="post"
              action={`/questions${search}`}
              preventScrollReset
              className="mt-3"
              aria-label={`Responder a ${q.clientNickname}`}
            >
              <input type="hidden" name="questionId" value={q.id} />
              <fieldset disabled={!answerable || busy} className="space-y-2">
                {inactive ? (
                  <p className="text-sm text-amber-800">
                    Publicación inactiva{answerable ? ": solo se puede responder con la sugerencia." : ": no se puede responder."}
                  </p>
                ) : null}
                {q.suggestion ? (
                  <div className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm">
                    <p className="font-medium text-indigo-900">Sugerencia</p>
                    <p className="mt-1" data-testid="suggestion">
                      {q.suggestion}
                    </p>
                    <div role="radiogroup" aria-label="Calificación de la sugerencia" className="mt-2 flex flex-wrap items-center gap-3">
                      <span className="text-xs font-medium">Califica la sugerencia:</span>
                      {EVALUATIONS.map((value) => (
                        <label key={value} className="inline-flex items-center gap-1">
                          <input
                            type="radio"
                            name="evaluation"
                            value={value}
                            {...constraints.evaluation}
                            defaultChecked={q.evaluation === value}
                          />
                          {EVALUATION_LABELS[value]}
                        </label>
                      ))}
                      <button
                        type="submit"
                        name="intent"
                        value="use-suggestion"
                        formNoValidate
                        className="btn-ghost px-2 py-1 text-xs"
                        onClick={(e) => insertInto(textareaId, q.suggestion ?? "", "replace") && e.preventDefault()}
                      >
                        Usar sugerencia
                      </button>
                    </div>
                    <ErrorList id={`${textareaId}-evaluation-error`} errors={errors?.evaluation} />
                  </div>
                ) : null}
                <label htmlFor={textareaId} className="text-sm font-medium text-slate-700">
                  Respuesta
                </label>
                <textarea
                  id={textareaId}
                  name="answer"
                  {...constraints.answer}
                  rows={3}
                  defaultValue={typed ?? q.draft ?? ""}
                  className="input"
                  aria-invalid={errors?.answer?.length ? true : undefined}
                  aria-describedby={`${textareaId}-error`}
                />
                <ErrorList id={`${textareaId}-error`} errors={errors?.answer ?? errors?.form} />
                <div className="flex flex-wrap items-end justify-between gap-2">
                  <div className="flex items-end gap-2">
                    <label className="flex flex-col gap-1 text-xs">
                      <span className="font-medium text-slate-700">Respuestas rápidas</span>
                      <select id={selectId} name="fastAnswerId" className="input py-1.5" defaultValue="">
                        <option value="">Elige una…</option>
                        {fastAnswers.map((f) => (
                          <option key={f.id} value={f.id}>
                            {f.name}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button
                      type="submit"
                      name="intent"
                      value="insert-fast-answer"
                      formNoValidate
                      className="btn-secondary py-1.5"
                      onClick={(e) => {
                        const select = document.getElementById(selectId) as HTMLSelectElement | null;
                        const fast = fastAnswers.find((f) => String(f.id) === select?.value);
                        if (fast && insertInto(textareaId, fast.text, "append")) e.preventDefault();
                      }}
                    >
                      Insertar
                    </button>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button type="submit" name="intent" value="save-draft" formNoValidate className="btn-ghost">
                      Guardar borrador
                    </button>
                    <button type="submit" name="intent" value="answer" className="btn-primary">
                      {busy ? "Enviando…" : "Responder"}
                    </button>
                  </div>
                </div>
              </fieldset>
            </Form>
          )}

          {pending && canModerate ? (
            <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3 text-sm">
              <Link to={`/questions/${q.id}/block${search}`} preventScrollReset className="btn-ghost px-2 py-1 text-red-700">
                Bloquear comprador
              </Link>
              <Link to={`/questions/${q.id}/delete${search}`} preventScrollReset className="btn-ghost px-2 py-1 text-red-700">
                Eliminar pregunta
              </Link>
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}

function PublicationInfo({ q }: { q: CardQuestion }) {
  if (!q.publicationId) return null;
  const active = q.publicationStatus === "active";
  return (
    <aside className="w-full text-sm sm:w-60" aria-label="Publicación">
      <div className="flex gap-3">
        {q.publicationImage ? (
          <img src={q.publicationImage} alt="" className="h-16 w-16 flex-none rounded object-cover" loading="lazy" />
        ) : (
          <div className="flex h-16 w-16 flex-none items-center justify-center rounded bg-slate-100 text-xs text-slate-600">Sin imagen</div>
        )}
        <div className="min-w-0">
          {q.publicationPermalink ? (
            <a href={q.publicationPermalink} target="_blank" rel="noreferrer" className="line-clamp-2 font-medium text-brand-700 underline">
              {q.publicationTitle ?? q.publicationId}
            </a>
          ) : (
            <p className="line-clamp-2 font-medium">{q.publicationTitle ?? q.publicationId}</p>
          )}
          <p className="text-xs text-slate-600">{q.publicationId}</p>
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-2 text-xs">
        <dt className="text-slate-600">Precio</dt>
        <dd>{q.publicationPrice == null ? "—" : formatMoney(q.publicationPrice)}</dd>
        <dt className="text-slate-600">Disponibles</dt>
        <dd>{q.publicationStock ?? "—"}</dd>
        <dt className="text-slate-600">Estado</dt>
        <dd>{active ? <Badge variant="success">Activa</Badge> : <Badge variant="gray">Inactiva</Badge>}</dd>
      </dl>
      {q.linkedProducts?.length ? (
        <div className="mt-2 text-xs">
          <p className="text-slate-600">Productos vinculados</p>
          <ul>
            {q.linkedProducts.map((p) => (
              <li key={p.sku}>
                <span className="font-mono">{p.sku}</span> × {p.qty} <span className="text-slate-600">{p.name}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </aside>
  );
}
