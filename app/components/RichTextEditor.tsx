import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";

type Props = {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  ariaDescribedBy?: string;
  invalid?: boolean;
  rows?: number;
};

/**
 * Rich text for the back office. The form always posts the plain `<textarea>`: without JavaScript it
 * is the editor (HTML typed by hand); with JavaScript a TipTap editor takes its place on screen and
 * writes its HTML back into it on every change. The server sanitises whatever arrives.
 */
export function RichTextEditor({ id, name, label, defaultValue, ariaDescribedBy, invalid, rows = 10 }: Props) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] } })],
    content: defaultValue,
    immediatelyRender: false,
    // The page's content security policy refuses inline styles without its nonce.
    injectCSS: false,
    editorProps: { attributes: { class: "prose-editor min-h-48 px-3 py-2 focus:outline-none", "aria-label": label, role: "textbox", "aria-multiline": "true" } },
    onUpdate: ({ editor: e }) => {
      if (textarea.current) textarea.current.value = e.isEmpty ? "" : e.getHTML();
    },
  });
  useEffect(() => {
    if (!editor) return;
    // Start from what the textarea holds (the browser may have restored a typed value).
    const current = textarea.current?.value ?? "";
    if (current !== editor.getHTML()) editor.commands.setContent(current, { emitUpdate: false });
    setEnhanced(true);
  }, [editor]);
  return (
    <div className={cn("rounded-md", enhanced && "border border-slate-300", invalid && enhanced && "border-red-500")} data-testid="rich-text">
      {enhanced && editor ? <Toolbar editor={editor} /> : null}
      {enhanced && editor ? <EditorContent editor={editor} className="max-h-96 overflow-y-auto text-sm" /> : null}
      <textarea
        ref={textarea}
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={rows}
        aria-describedby={ariaDescribedBy}
        aria-invalid={invalid || undefined}
        aria-hidden={enhanced || undefined}
        tabIndex={enhanced ? -1 : undefined}
        className={cn("input w-full font-mono text-xs", enhanced && "hidden")}
      />
    </div>
  );
}

const BUTTONS: Array<{ label: string; title: string; run: (e: Editor) => void; active: (e: Editor) => boolean }> = [
  { label: "B", title: "Negritas", run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive("bold") },
  { label: "I", title: "Cursivas", run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive("italic") },
  { label: "H2", title: "Encabezado", run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), active: (e) => e.isActive("heading", { level: 2 }) },
  { label: "H3", title: "Encabezado menor", run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: (e) => e.isActive("heading", { level: 3 }) },
  { label: "• Lista", title: "Lista con viñetas", run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive("bulletList") },
  { label: "1. Lista", title: "Lista numerada", run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive("orderedList") },
  { label: "“ Cita", title: "Cita", run: (e) => e.chain().focus().toggleBlockquote().run(), active: (e) => e.isActive("blockquote") },
];

function Toolbar({ editor }: { editor: Editor }) {
  const [, rerender] = useState(0);
  useEffect(() => {
    const update = () => rerender((n) => n + 1);
    editor.on("transaction", update);
    return () => {
      editor.off("transaction", update);
    };
  }, [editor]);
  return (
    <div role="toolbar" aria-label="Formato" className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1">
      {BUTTONS.map((b) => (
        <button
          key={b.title}
          type="button"
          title={b.title}
          aria-label={b.title}
          aria-pressed={b.active(editor)}
          onClick={() => b.run(editor)}
          className="rounded px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-200 aria-pressed:bg-slate-300"
        >
          {b.label}
        </button>
      ))}
    </div>
  );
}
