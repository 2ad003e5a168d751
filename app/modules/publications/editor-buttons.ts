import { intentObject } from "~/lib/posted-intent";
import type { EditorIntent } from "./draft-intent";

/*
 * The editor's intent buttons as the page draws and reads them. The intents' schema (draft-intent.ts)
 * is the server's: the page imports this file instead and carries no Zod.
 */

/** The `intent` value of a button: its type, or a JSON object when the button carries data (which product, which image). */
export function intentValue(intent: EditorIntent): string {
  return Object.keys(intent).length === 1 ? intent.type : JSON.stringify(intent);
}

/**
 * A posted `intent` as a button wrote it, not yet checked (`readEditorIntent` checks it); none means
 * "save" (Enter in a field presses the hidden "recalc" button first); undefined when unreadable.
 */
export function postedIntent(raw: FormDataEntryValue | null): unknown {
  return raw === null ? { type: "save" } : intentObject(raw);
}

/** Which button's post is under way (its intent's type), to show it busy; "" for none. */
export function busyIntent(raw: FormDataEntryValue | null): string {
  const posted = postedIntent(raw);
  return typeof posted === "object" && posted !== null && "type" in posted && typeof posted.type === "string" ? posted.type : "";
}

/** The file input of a product's gallery, read by its "Subir imagen" button ("" is the publication's own images). */
export function uploadFieldName(sku: string): string {
  return `upload:${sku}`;
}

/**
 * The category picker's filter input. It is posted with the editor's form (the picker's buttons are
 * the form's), but it is no field of the draft: it only narrows the level shown.
 */
export const CATEGORY_SEARCH_FIELD = "categorySearch";
