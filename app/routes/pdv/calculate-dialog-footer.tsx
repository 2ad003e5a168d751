import { Link } from "react-router";

/**
 * The footer of a till dialog whose figures the server works out (the payment, the close): back
 * without posting, "Calcular" — it posts the form with `calculateIntent` and the dialog comes back
 * with the figures, which is how they are seen without JavaScript — and then the dialog's own
 * submit button (`children`).
 */
export function CalculateDialogFooter({
  closeTo,
  closeLabel,
  formId,
  calculateIntent,
  children,
}: {
  closeTo: string;
  closeLabel: string;
  formId: string;
  calculateIntent: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <Link to={closeTo} className="btn-secondary">
        {closeLabel}
      </Link>
      <button type="submit" form={formId} name="intent" value={calculateIntent} className="btn-secondary">
        Calcular
      </button>
      {children}
    </>
  );
}
