import { useEffect } from "react";
import { isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import { RouteDialog } from "./Dialog";
import { ERROR_MESSAGES as messages } from "./GeneralErrorBoundary";
import { RequestIdNote, useRequestId } from "~/lib/request-id";

/**
 * The error boundary of a nested-route dialog: a missing record (or any error) shows inside the
 * dialog, over the list that stays in place, with a close link back to the list and its query.
 */
export function DialogErrorBoundary({
  listPath,
  notFoundTitle,
  notFoundText,
}: {
  listPath: string;
  notFoundTitle: string;
  notFoundText: string;
}) {
  const error = useRouteError();
  const { search } = useLocation();
  const requestId = useRequestId();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // In the browser's console only: on the server, handleError (entry.server) already logged it as a JSON line.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" && status < 500 && status !== 404 ? error.data : null;
  return (
    <RouteDialog title={status === 404 ? notFoundTitle : "Ocurrió un error"} closeTo={`${listPath}${search}`}>
      <p className="text-slate-600" data-testid="error-page" data-status={status}>
        {status === 404 ? notFoundText : (detail ?? messages[500].text)}
      </p>
      {status === 404 ? null : <RequestIdNote id={requestId} className="mt-3 text-sm text-slate-500" />}
    </RouteDialog>
  );
}
