import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import type { RichTextFieldProps } from "./RichTextTipTap";

type TipTapFieldType = typeof import("./RichTextTipTap").TipTapField;

/**
 * A rich-text field that posts HTML under `name`. Before JavaScript runs (or without it) it is a
 * plain textarea holding the same HTML, so the form works either way; the server sanitises what
 * arrives (app/lib/sanitize-html.server.ts) on every save. The editor (TipTap, about 130 KB) is
 * fetched after hydration, so the dialog is usable at once; what was typed meanwhile is kept.
 */
export function RichTextEditor({
  id,
  name,
  label,
  defaultValue,
  errorId,
  invalid,
  className,
  rows = 8,
}: RichTextFieldProps & { className?: string; rows?: number }) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [editor, setEditor] = useState<{ Field: TipTapFieldType; start: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import("./RichTextTipTap").then(({ TipTapField }) => {
      if (live) setEditor({ Field: TipTapField, start: textarea.current?.value ?? defaultValue });
    });
    return () => {
      live = false;
    };
    // Loaded once; a later default reaches the editor through its own prop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A new default (the form answered with another record's text) replaces what the editor started with.
  const seen = useRef(defaultValue);
  useEffect(() => {
    if (seen.current === defaultValue) return;
    seen.current = defaultValue;
    setEditor((current) => (current ? { ...current, start: defaultValue } : current));
  }, [defaultValue]);
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {editor ? (
        <editor.Field id={id} name={name} label={label} defaultValue={editor.start} errorId={errorId} invalid={invalid} />
      ) : (
        <textarea
          ref={textarea}
          id={id}
          name={name}
          defaultValue={defaultValue}
          rows={rows}
          aria-invalid={invalid || undefined}
          aria-describedby={errorId}
          className="input font-mono text-xs"
        />
      )}
    </div>
  );
}
