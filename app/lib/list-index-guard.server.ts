import { hasForgedListIndex } from "@common/forged-list-index";

const refused = () => new Response("El formulario no es válido.", { status: 400 });

/**
 * A name posted twice where the form has one field of that name: only a hand-made post does it, and
 * Conform reads it as a list the dialog then fails to draw (a 500) or Zod refuses in English.
 * `repeatable` names the fields that are many by design (a file input with `multiple`).
 */
function refuseRepeatedNames(form: FormData, repeatable: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of form.keys()) {
    if (seen.has(name) && !repeatable.includes(name)) throw refused();
    seen.add(name);
  }
}

/**
 * A form with lists posted with a list index no form of the app reaches (common/forged-list-index.ts),
 * or with a field posted twice: 400 before Conform reads it.
 */
export function refuseHugeListIndex(form: FormData, repeatable: readonly string[] = []): void {
  if (hasForgedListIndex(form)) throw refused();
  refuseRepeatedNames(form, repeatable);
}

/**
 * The one-record dialogs (sectors, applications, promotion, blog, location, banner, new assistant) have no lists:
 * a name like `name[3]` or `name.x`, or a name posted twice, only comes from a hand-made post, and
 * Conform would read it as a list or an object the dialog then fails to draw (a 500) or that Zod
 * refuses in English.
 */
export function refuseNestedNames(form: FormData): void {
  for (const name of form.keys()) {
    if (/[[.]/.test(name)) throw refused();
  }
  refuseRepeatedNames(form, []);
}
