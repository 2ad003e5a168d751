import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
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
  // What the textarea held, and whether it had the focus, the moment the editor takes over.
  const handoff = useRef<{ value: string; focused: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void import("./RichTextTipTap").then(({ TipTapField }) => {
      if (!live) return;
      const node = textarea.current;
      handoff.current = { value: node?.value ?? defaultValue, focused: !!node && document.activeElement === node };
      // A focused field that leaves the page is blurred while React commits, when React handles no
      // events: the form library's check on leaving a field would then submit the form natively (a
      // full page post of a half-typed form). Without its name it is no field of the form any more.
      node?.removeAttribute("name");
      // One synchronous step from the read to the editor's focus: no key can land in between.
      flushSync(() => setEditor(() => TipTapField));
    });
    return () => {
      live = false;
    };
    // The textarea's default only matters until the editor arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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
