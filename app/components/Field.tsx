import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useId } from "react";
import { cn } from "~/lib/cn";

/**
 * Label, input and a fixed-height error slot. Conform adds aria-invalid and points aria-describedby
 * at the error slot (meta.errorId) when invalid; we only add the hint.
 */
export function Field({
  label,
  meta,
  type = "text",
  className,
  hint,
  inputProps,
}: {
  label: React.ReactNode;
  meta: FieldMetadata<string | number | undefined | null>;
  type?: "text" | "email" | "password" | "number" | "search" | "tel" | "date" | "hidden";
  className?: string;
  hint?: React.ReactNode;
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const fallbackId = useId();
  const id = meta.id ?? fallbackId;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...getInputProps(meta, { type, ariaDescribedBy: hintId })}
        {...inputProps}
        id={id}
        className={cn("input", inputProps?.className)}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextareaField({
  label,
  meta,
  className,
  hint,
  textareaProps,
}: {
  label: React.ReactNode;
  meta: FieldMetadata<string | undefined | null>;
  className?: string;
  hint?: React.ReactNode;
  textareaProps?: React.TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={meta.id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        {...getTextareaProps(meta, { ariaDescribedBy: hintId })}
        {...textareaProps}
        className={cn("input", textareaProps?.className)}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * A field's messages right under it, only when it has some: for the rows of a list, where a line kept
 * free for messages (ErrorList) would push every row apart.
 */
export function InlineErrors({ meta, className }: { meta: { errorId: string; errors?: string[] }; className?: string }) {
  return meta.errors?.length ? (
    <p id={meta.errorId} className={cn(className, "text-xs text-red-600")}>
      {meta.errors.join(" ")}
    </p>
  ) : null;
}

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  return (
    <div className="min-h-5 text-xs text-red-600" id={id} aria-live="polite">
      {errors?.length ? errors.join(" ") : null}
    </div>
  );
}
