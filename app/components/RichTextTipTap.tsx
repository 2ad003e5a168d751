import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";

/** What a rich-text field is told, with or without its editor. */
export type RichTextFieldProps = { id: string; name: string; label: string; defaultValue: string; errorId?: string; invalid?: boolean };

/**
 * The TipTap editor behind RichTextEditor, in a chunk of its own that loads after hydration. It takes
 * over from the textarea in one commit: it starts with what the textarea held (`initial`) and, when
 * the textarea had the focus, takes it with the caret at the end, so typing is never interrupted.
 */
export function TipTapField({
  id,
  name,
  label,
  defaultValue,
  errorId,
  invalid,
  initial,
  focusOnMount,
}: RichTextFieldProps & { initial: string; focusOnMount: boolean }) {
  const [html, setHtml] = useState(initial);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] } })],
    content: initial,
    // Only ever rendered in the browser (loaded after hydration): the editor exists at first render.
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(errorId ? { "aria-describedby": errorId } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class:
          "min-h-32 px-3 py-2 text-sm focus:outline-none [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_h3]:font-semibold [&_blockquote]:border-l-4 [&_blockquote]:pl-3",
      },
    },
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
  });
  useLayoutEffect(() => {
    // TipTap's focus command puts the caret at the end but focuses the editor only on the next
    // animation frame: keys typed before it (a loaded machine delays frames) would land on the page
    // and be lost. The view takes the focus now, in the same commit that removed the textarea.
    if (focusOnMount && editor) {
      editor.commands.focus("end");
      // Read as HTML, the text loses the spaces it ends with: the space just typed before a word.
      const trailing = /[ \t]+$/.exec(initial)?.[0];
      if (trailing && !editor.state.doc.textContent.endsWith(trailing)) editor.view.dispatch(editor.state.tr.insertText(trailing));
      editor.view.focus();
    }
    // Once, as the editor replaces the textarea.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A new default (the form answered with another record's text) replaces the content.
  const shownDefault = useRef(defaultValue);
  useEffect(() => {
    if (!editor || shownDefault.current === defaultValue) return;
    shownDefault.current = defaultValue;
    editor.commands.setContent(defaultValue, { emitUpdate: false });
    setHtml(defaultValue);
  }, [defaultValue, editor]);
  // A button's name contains what it shows ("H3", "1. Lista"): speech input users say what they see.
  const button = (labelText: string, active: boolean, run: () => void, text: string) => (
    <button
      type="button"
      aria-label={labelText}
      aria-pressed={active}
      onClick={run}
      className={cn("rounded px-2 py-1 text-xs font-semibold hover:bg-slate-200", active && "bg-slate-200")}
    >
      {text}
    </button>
  );
  return (
    <div className={cn("rounded-md border bg-white", invalid ? "border-red-500" : "border-slate-300")}>
      <input type="hidden" name={name} value={html} />
      {editor ? (
        <div className="flex flex-wrap gap-1 border-b border-slate-200 p-1" role="toolbar" aria-label={`Formato de ${label}`}>
          {button("Negritas", editor.isActive("bold"), () => editor.chain().focus().toggleBold().run(), "B")}
          {button("Cursivas", editor.isActive("italic"), () => editor.chain().focus().toggleItalic().run(), "I")}
          {button(
            "H3 (subtítulo)",
            editor.isActive("heading", { level: 3 }),
            () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
            "H3",
          )}
          {button("Lista", editor.isActive("bulletList"), () => editor.chain().focus().toggleBulletList().run(), "• Lista")}
          {button("1. Lista numerada", editor.isActive("orderedList"), () => editor.chain().focus().toggleOrderedList().run(), "1. Lista")}
          {button("Cita", editor.isActive("blockquote"), () => editor.chain().focus().toggleBlockquote().run(), "“ ”")}
          {button("Deshacer", false, () => editor.chain().focus().undo().run(), "↶")}
          {button("Rehacer", false, () => editor.chain().focus().redo().run(), "↷")}
        </div>
      ) : null}
      <EditorContent editor={editor} />
    </div>
  );
}
