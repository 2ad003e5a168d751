import type { ToastInput } from "./toast";

/** The toast shown after an address outside the app sent the user to their home screen. */
export function unknownPathToast(pathname: string, homeLabel: string): ToastInput {
  // Long or odd addresses are cut so the toast stays readable.
  const shown = pathname.length > 60 ? `${pathname.slice(0, 57)}…` : pathname;
  return {
    title: "Página no encontrada",
    message: `La dirección ${shown} no existe en el back office. Te llevamos a ${homeLabel}, tu pantalla de inicio.`,
    variant: "warning",
    durationMs: 8000,
  };
}
