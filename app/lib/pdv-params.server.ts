/** A sale or session id from the URL (the till's routes); anything else is a 404 inside the layout. */
export function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new Response("No encontrado", { status: 404 });
  return Number(value);
}

export const saleIdOf = (params: Record<string, string | undefined>) => idParam(params.saleId);
export const sessionIdOf = (params: Record<string, string | undefined>) => idParam(params.sessionId);

/** Back to the till's history with the list query the dialog was opened from. */
export function listBack(url: URL) {
  return `/pdv${url.search || "?tab=historial"}`;
}
