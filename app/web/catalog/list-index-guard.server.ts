/**
 * Conform turns `properties[99999].name` into a list of 100,000 rows, which the schema then checks
 * and the dialog renders again: one hand-made post held the whole server for minutes. No list of
 * these dialogs comes near this many rows, so a posted name indexing past it is refused (400)
 * before Conform reads the form.
 */
export const LIST_INDEX_LIMIT = 1000;

export function refuseHugeListIndex(form: FormData): void {
  for (const name of form.keys()) {
    for (const match of name.matchAll(/\[(\d+)\]/g)) {
      if (match[1].length > 4 || Number(match[1]) >= LIST_INDEX_LIMIT) {
        throw new Response("El formulario no es válido.", { status: 400 });
      }
    }
  }
}

/**
 * The one-record dialogs (sectors, applications, promotion, blog, location, banner, new assistant) have no lists:
 * a name like `name[3]` or `name.x` only comes from a hand-made post, and Conform would read it as
 * a list or an object the dialog then fails to draw (a 500) or that Zod refuses in English.
 */
export function refuseNestedNames(form: FormData): void {
  for (const name of form.keys()) {
    if (/[[.]/.test(name)) throw new Response("El formulario no es válido.", { status: 400 });
  }
}
