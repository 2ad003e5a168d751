import type { InputHTMLAttributes, ReactNode } from "react";

/** Pieces the point-of-sale dialogs (authorize, activate, cancel, close) draw the same way. */

/**
 * The manager's confirmation code: a password field that no browser fills in. `constraint` are the
 * native limits from the schema the action checks.
 */
export function ConfirmationCodeField({
  constraint,
  ...rest
}: { constraint: InputHTMLAttributes<HTMLInputElement> } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "autoFocus" | "aria-invalid" | "aria-describedby"
>) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-700">Código de confirmación</span>
      <input name="code" {...constraint} type="password" autoComplete="off" className="input" {...rest} />
    </label>
  );
}

/**
 * The form's refusal, under its fields. The slot keeps its height when empty so the dialog does not
 * jump, and it is an alert only while it says something.
 */
export function ErrorSlot({ id, shown, children }: { id?: string; shown: boolean; children: ReactNode }) {
  return (
    <p id={id} role={shown ? "alert" : undefined} className="min-h-5 text-sm text-red-700">
      {children}
    </p>
  );
}
