import type { LoaderFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { homeFor } from "~/lib/access";
import { requireUser } from "~/lib/auth/guard.server";

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireUser(request, url);
  throw redirect(homeFor(user.role));
}
