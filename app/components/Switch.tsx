import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useFetcher } from "react-router";
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
      <input
        {...props}
        type="checkbox"
        role="switch"
        className="peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
      />
      <span aria-hidden className={track} />
    </span>
  );
}

/**
 * A Conform checkbox drawn as a switch, with its label, hint and error slot. It stays a real
 * checkbox (posted as "on", focusable, announced as a switch), so it works before JavaScript loads.
 */
export function SwitchField({
  meta,
  label,
  hint,
}: {
  meta: FieldMetadata<boolean | undefined | null>;
  label: React.ReactNode;
  hint?: React.ReactNode;
}) {
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

/**
 * A list row's switch that saves at once: a small POST form (without JavaScript the page comes back
 * with the server's toast); with it, a fetcher posts in place and the switch shows the new state
 * straight away. The action redirects, so the list reloads from the database and a refused change
 * flips back by itself. `fields` are the form's fixed hidden fields; `name` carries the new value.
 */
export function PostedSwitch({
  action,
  fields,
  name,
  checked,
  values = ["true", "false"],
  label,
  testId,
}: {
  action: string;
  fields: Record<string, string | number>;
  name: string;
  checked: boolean;
  /** What the form posts for on and for off. */
  values?: readonly [on: string, off: string];
  label: string;
  testId?: string;
}) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get(name);
  const shown = typeof pending === "string" ? pending === values[0] : checked;
  return (
    <fetcher.Form method="post" action={action} preventScrollReset>
      {Object.entries(fields).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <input type="hidden" name={name} value={shown ? values[1] : values[0]} />
      <button
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-label={label}
        data-testid={testId}
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
          shown ? "bg-brand-600" : "bg-slate-300",
        )}
      >
        <span
          aria-hidden
          className={cn(
            "inline-block h-5 w-5 rounded-full bg-white shadow transition-transform",
            shown ? "translate-x-5" : "translate-x-0",
          )}
        />
      </button>
    </fetcher.Form>
  );
}
