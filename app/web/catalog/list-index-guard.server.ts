import { hasForgedListIndex } from "~/lib/forged-list-index";

/** A form with lists posted with a list index no form of the app reaches (app/lib/forged-list-index.ts): 400 before Conform reads it. */
export function refuseHugeListIndex(form: FormData): void {
  if (hasForgedListIndex(form)) throw new Response("El formulario no es válido.", { status: 400 });
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
