import type { ActionFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { audit } from "~/modules/logs/audit.server";
import { getSessionUser, logoutRedirect } from "~/lib/auth/session.server";

export async function loader() {
  // Logging out changes state, so only POST does it; a typed URL just goes to the app.
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await getSessionUser(request);
  if (user) await audit({ message: "Cierre de sesión", type: "auth", tags: ["logout"], userId: user.id, identifier: user.id });
  return logoutRedirect(request);
}
