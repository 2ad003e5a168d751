import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { ErrorList } from "./Field";
import { cn } from "~/lib/cn";

const track =
  "pointer-events-none inline-flex h-6 w-11 items-center rounded-full bg-slate-300 transition-colors after:ml-0.5 after:inline-block after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-brand-600 peer-checked:after:translate-x-5 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500 peer-focus-visible:ring-offset-2 peer-disabled:opacity-50";

/**
 * A form switch: a real checkbox (posted with the form, works without JavaScript) laid over the
 * drawn track at the track's full size, so a click anywhere on the switch lands on the checkbox
 * itself. A 1 px visually-hidden checkbox left the click to whatever was under that pixel.
 */
export function SwitchInput({ className, ...props }: Omit<React.InputHTMLAttributes<HTMLInputElement>, "type" | "role">) {
  return (
    <span className={cn("relative inline-flex h-6 w-11 shrink-0", className)}>
      <input {...props} type="checkbox" role="switch" className="peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed" />
      <span aria-hidden className={track} />
    </span>
  );
}

/**
 * A Conform checkbox drawn as a switch, with its label, hint and error slot. It stays a real
 * checkbox (posted as "on", focusable, announced as a switch), so it works before JavaScript loads.
 */
export function SwitchField({ meta, label, hint }: { meta: FieldMetadata<boolean | undefined | null>; label: React.ReactNode; hint?: React.ReactNode }) {
  const { type: _type, key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <div className="flex flex-col gap-1">
      <label className="inline-flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-700">
        <SwitchInput key={key} {...props} />
        {label}
      </label>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
