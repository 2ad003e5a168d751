import { useRouteLoaderData } from "react-router";
import type { loader } from "~/routes/layout/app-layout";

/** The signed-in user as the app layout loaded it, for showing or hiding controls (the server still checks). */
export function useAppUser() {
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  if (!data) throw new Error("useAppUser fuera del layout de la aplicación");
  return data.user;
}
