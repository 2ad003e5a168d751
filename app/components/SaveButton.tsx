/**
 * The primary submit of a form: while the post is under way it is disabled and says so ("Guardando…"
 * unless `busyLabel`), so a second click cannot post twice. `form` submits a form drawn elsewhere
 * (a dialog's footer); `intent` names the button when the form has several.
 */
export function SaveButton({
  busy,
  form,
  intent,
  busyLabel = "Guardando…",
  children = "Guardar",
}: {
  busy: boolean;
  form?: string;
  intent?: string;
  busyLabel?: string;
  children?: string;
}) {
  return (
    <button type="submit" form={form} name={intent ? "intent" : undefined} value={intent} className="btn-primary" disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
