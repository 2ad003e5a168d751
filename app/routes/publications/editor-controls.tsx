import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { ErrorList } from "~/components/Field";
import type { EditorIntent } from "~/modules/publications/draft-intent";
import type { PublicationFormInput } from "~/modules/publications/draft";
import { intentValue } from "~/modules/publications/editor-buttons";

/*
 * What both parts of the publication editor draw with: the page's part (publication-form.tsx) and
 * the lower sections fetched after it (editor-details.tsx).
 */

export const FORM_ID = "publication-form";
/** Premium and price sync act on the stored publication: their own small form, so they post no draft. */
export const ACTIONS_FORM_ID = "publication-actions";

export type DialogForm = FormMetadata<PublicationFormInput, string[]>;
export type DialogFields = ReturnType<DialogForm["getFieldset"]>;
export type LinkedListField = FieldMetadata<PublicationFormInput["linked"], PublicationFormInput, string[]>;
export type GalleryField = FieldMetadata<PublicationFormInput["gallery"], PublicationFormInput, string[]>;

/** A submit button for one of the dialog's intents (not a list change: those are Conform's buttons). */
export function IntentButton({
  intent,
  children,
  className = "btn-secondary",
  disabled,
  label,
  form = FORM_ID,
}: {
  intent: EditorIntent;
  children: React.ReactNode;
  className?: string;
  disabled?: boolean;
  label?: string;
  form?: string;
}) {
  return (
    <button
      type="submit"
      form={form}
      name="intent"
      value={intentValue(intent)}
      className={className}
      disabled={disabled}
      aria-label={label}
      formNoValidate
    >
      {children}
    </button>
  );
}

export function Errors({ errors, id }: { errors?: string[]; id?: string }) {
  return errors?.length ? <ErrorList id={id} errors={errors} /> : null;
}

/** A checkbox or radio of a group: the group's name and checked state, without the single-field id and constraints. */
export function choiceProps(meta: FieldMetadata<unknown, PublicationFormInput, string[]>, type: "checkbox" | "radio", value: string) {
  const { id: _id, required: _required, multiple: _multiple, pattern: _pattern, ...props } = getInputProps(meta, { type, value });
  return props;
}
