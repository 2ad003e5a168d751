import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { RequestIdNote, useRequestId } from "~/lib/request-id";

// Apart from the dialog's boundary (ErrorBoundary.tsx): a page that imports only this one does not
// load the dialog library with it.

export const ERROR_MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: "Solicitud inválida", text: "Revisa los datos enviados e intenta de nuevo." },
  403: { title: "Sin acceso", text: "Tu usuario no tiene permiso para ver esta página." },
  404: { title: "No encontrado", text: "Lo que buscas no existe o fue eliminado." },
  405: { title: "Acción no disponible", text: "Esta página no recibe ese envío. Vuelve a abrirla desde el menú." },
  500: { title: "Ocurrió un error", text: "Lo sentimos, ocurrió un error inesperado. Intenta de nuevo más tarde." },
};

/** Spanish error pages per status; used by the root and by layouts so errors stay inside the frame. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const requestId = useRequestId();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const info = ERROR_MESSAGES[status] ?? ERROR_MESSAGES[500];
  // In the browser's console only: on the server, handleError (entry.server) already logged it as a JSON line.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  // The app's own refusals carry a Spanish text; the router's (an action a page does not have, a
  // path no route matches) carry an English `Error: …` meant for developers: those show the status's
  // text. (Told apart by the text itself: the router's `internal` flag does not reach the browser.)
  const ownText = isRouteErrorResponse(error) && typeof error.data === "string" && !error.data.startsWith("Error: ");
  const detail = ownText && status !== 500 && status !== 405 ? (error as { data: string }).data : null;
  return (
    <div className="mx-auto max-w-xl py-16 text-center" data-testid="error-page" data-status={status}>
      <p className="text-5xl font-bold text-slate-300">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{info.title}</h1>
      <p className="mt-2 text-slate-600">{detail && detail !== info.title ? detail : info.text}</p>
      <RequestIdNote id={requestId} />
      <Link to="/" className="btn-primary mt-6">
        Ir al inicio
      </Link>
    </div>
  );
}
