import { Link, useNavigation } from "react-router";

/**
 * The footer of a PDV dialog that asks for a confirmation code: back without posting, and the
 * button that posts the dialog's form (by id), held while the post is on its way.
 */
export function CodeDialogFooter({
  closeTo,
  closeLabel,
  formId,
  submitLabel,
  danger = false,
}: {
  closeTo: string;
  closeLabel: string;
  formId: string;
  submitLabel: string;
  danger?: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <Link to={closeTo} className="btn-secondary">
        {closeLabel}
      </Link>
      <button type="submit" form={formId} className={danger ? "btn-danger" : "btn-primary"} disabled={busy}>
        {submitLabel}
      </button>
    </>
  );
}
