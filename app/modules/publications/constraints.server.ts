import { constraintsOf } from "~/lib/constraints";
import { PublicationFormSchema } from "./draft-form";

/*
 * The editor's native checks, read from the schema its action validates with; the loaders send them,
 * so the editor's script carries no Zod. No field of it is named in `specMessages`: the save's own
 * messages (validation.ts) are for fields the schema leaves optional, so none is `required`.
 */
export const PUBLICATION_CONSTRAINT = constraintsOf(PublicationFormSchema);
