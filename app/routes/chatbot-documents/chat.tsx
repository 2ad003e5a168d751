import { Form, Link, useLocation, useNavigation } from "react-router";
import { useEffect, useRef } from "react";
import { RouteDialog } from "~/components/Dialog";
import { cn } from "~/lib/cn";
import type { InputConstraint } from "~/lib/constraints";
import { formatTime } from "@common/format";
import {
  ASSISTANTS_PATH,
  ASSISTANT_TEXTS,
  CHAT_TEXTS,
  listSearchOf,
  serializeConversation,
  type ChatTurn,
  type Conversation,
} from "~/modules/assistants/rules";

function Bubble({ turn, pending }: { turn: Pick<ChatTurn, "from" | "text" | "error"> & { at?: string }; pending?: boolean }) {
  const mine = turn.from === "user";
  return (
    <li className={cn("flex", mine ? "justify-end" : "justify-start")} data-testid={mine ? "chat-user" : "chat-assistant"}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm",
          mine ? "rounded-br-sm bg-brand-600 text-white" : "rounded-bl-sm bg-slate-100 text-slate-800",
          turn.error && "bg-red-50 text-red-800 ring-1 ring-red-200",
          pending && "animate-pulse",
        )}
      >
        <p className="whitespace-pre-line break-words">{turn.text}</p>
        {turn.at ? (
          <time dateTime={turn.at} className={cn("mt-1 block text-right text-[11px]", mine ? "text-white/80" : "text-slate-500")}>
            {formatTime(turn.at)}
          </time>
        ) : null}
      </div>
    </li>
  );
}

/**
 * "Nuevo chat". The conversation and the running summary ride in a hidden input and come back whole
 * from the action, so the chat works without JavaScript and nothing is kept in the browser.
 */
export function ChatDialog({
  assistant,
  constraint,
  conversation,
}: {
  assistant: { id: number; name: string };
  /** The question box's native checks, from the loader (the page loads no Zod). */
  constraint: { question: InputConstraint };
  conversation: Conversation;
}) {
  const { search, pathname } = useLocation();
  const navigation = useNavigation();
  const closeTo = `${ASSISTANTS_PATH}${listSearchOf(search)}`;
  const asking =
    navigation.state === "submitting" && navigation.formAction?.startsWith(pathname)
      ? String(navigation.formData?.get("question") ?? "").trim()
      : "";
  const end = useRef<HTMLLIElement>(null);
  const formId = `chat-${assistant.id}`;
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [conversation.turns.length, asking]);
  return (
    <RouteDialog
      title={ASSISTANT_TEXTS.chatTitle}
      description={`Asistente ${assistant.name}`}
      closeTo={closeTo}
      size="lg"
      footer={
        <>
          <Form
            method="post"
            id={formId}
            preventScrollReset
            className="flex min-w-0 flex-1 items-end gap-2"
            key={conversation.turns.length}
          >
            <input type="hidden" name="conversation" value={serializeConversation(conversation)} />
            <label className="flex flex-1 flex-col gap-1 text-sm">
              <span className="sr-only">{ASSISTANT_TEXTS.questionLabel}</span>
              <input
                name="question"
                className="input"
                placeholder="Escribe tu pregunta y presiona Enter"
                autoComplete="off"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the page is this one field's conversation: it opens ready for the next question
                autoFocus
                {...constraint.question}
                aria-label={ASSISTANT_TEXTS.questionLabel}
              />
            </label>
            <button type="submit" className="btn-primary" disabled={!!asking}>
              {ASSISTANT_TEXTS.send}
            </button>
          </Form>
          <Link to={closeTo} preventScrollReset className="btn-ghost">
            Volver
          </Link>
        </>
      }
    >
      <ol className="flex min-h-48 flex-col gap-3" aria-live="polite" aria-label="Conversación">
        {conversation.turns.length === 0 && !asking ? (
          <li className="py-8 text-center text-sm text-slate-500">{CHAT_TEXTS.greeting.replace("{name}", assistant.name)}</li>
        ) : null}
        {conversation.turns.map((turn, i) => (
          <Bubble key={i} turn={turn} />
        ))}
        {asking ? (
          <>
            <Bubble turn={{ from: "user", text: asking }} />
            <li className="flex justify-start" role="status" data-testid="chat-loading">
              <span className="inline-flex items-center gap-1 rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm text-slate-500">
                <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400" />
                <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400 [animation-delay:150ms]" />
                <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400 [animation-delay:300ms]" />
                <span className="sr-only">{CHAT_TEXTS.thinking}</span>
              </span>
            </li>
          </>
        ) : null}
        <li ref={end} aria-hidden className="h-0" />
      </ol>
    </RouteDialog>
  );
}
