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
export function RichTextEditor({ className, rows = 8, ...field }: RichTextFieldProps & { className?: string; rows?: number }) {
  const { id, name, label, defaultValue, errorId, invalid } = field;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [Editor, setEditor] = useState<TipTapFieldType | null>(null);
  useEffect(() => {
    let live = true;
    void import("./RichTextTipTap").then(({ TipTapField }) => {
      if (live) setEditor(() => TipTapField);
    });
    return () => {
      live = false;
    };
  }, []);
  // Read in the render that swaps the textarea for the editor: the textarea is still in the page then,
  // with everything typed so far, and nothing can be typed between this read and the editor's focus.
  const handoff = useRef<{ value: string; focused: boolean } | null>(null);
  if (Editor && !handoff.current) {
    handoff.current = { value: textarea.current?.value ?? defaultValue, focused: !!textarea.current && document.activeElement === textarea.current };
  }
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {Editor && handoff.current ? (
        <Editor {...field} initial={handoff.current.value} focusOnMount={handoff.current.focused} />
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
