import { constraintsOf } from "~/lib/constraints";
import { AssistantCreateSchema } from "./assistant-form";
import { ASSISTANT_NAME_SPEC_MESSAGES, ChatFormSchema, DOCUMENT_SPEC_MESSAGES, DialogQueryShape, DocumentFormSchema } from "./rules";

/**
 * The assistant dialogs' native constraints, read on the server from the schemas their actions
 * validate with: the dialogs load no Zod to draw their forms (the new-assistant form's checks arrive
 * after the page, app/lib/lazy-validation.ts; the others have none in the browser), so the loaders
 * send these.
 */
export const ASSISTANT_CONSTRAINTS = {
  create: constraintsOf(AssistantCreateSchema, { specMessages: ASSISTANT_NAME_SPEC_MESSAGES }),
  /** The add-document form and, inside it, the library search (a GET of the dialog's URL). */
  documents: { ...constraintsOf(DocumentFormSchema, { specMessages: DOCUMENT_SPEC_MESSAGES }), ...constraintsOf(DialogQueryShape) },
  /** Spec 2 §5: an empty question is ignored, never refused. */
  chat: constraintsOf(ChatFormSchema, { specMessages: { question: "missing" } }),
};
