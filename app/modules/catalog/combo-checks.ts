/*
 * What the combo dialog fetches after the page to check its fields: the schema alone. combo-form.ts
 * also hands the server the dialog's texts and helpers; fetched as it is, it would keep them all in
 * the page's own script.
 */
export { ComboDraftSchema } from "./combo-form";
