import { useLocation } from "react-router";
import { ConfirmDialog } from "~/components/Dialog";
import type { ModerationKind } from "~/modules/questions/moderation.server";

const TEXT: Record<ModerationKind, { title: string; confirm: string; body: (nick: string) => string }> = {
  block: {
    title: "Bloquear comprador",
    confirm: "Bloquear",
    body: (nick) => `¿Bloquear a ${nick}? No podrá volver a preguntar ni comprar en la cuenta de esta pregunta.`,
  },
  delete: {
    title: "Eliminar pregunta",
    confirm: "Eliminar",
    body: (nick) => `¿Eliminar la pregunta de ${nick}? Se elimina también en Mercado Libre y no se puede deshacer.`,
  },
};

/** The confirmation step of block and delete: a nested route, so it works without JavaScript. */
export function ModerationDialog({
  kind,
  question,
}: {
  kind: ModerationKind;
  question: { id: number; message: string; clientNickname: string };
}) {
  const { search } = useLocation();
  const text = TEXT[kind];
  return (
    <ConfirmDialog title={text.title} closeTo={`/questions${search}`} confirmLabel={text.confirm}>
      <p>{text.body(question.clientNickname)}</p>
      <blockquote className="mt-3 border-l-4 border-slate-200 pl-3 text-sm text-slate-600">{question.message}</blockquote>
    </ConfirmDialog>
  );
}
