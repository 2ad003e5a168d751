import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { Icon } from "~/components/Icon";
import { PageHeader } from "~/components/PageHeader";
import { homeFor, routeFor } from "~/lib/access";
import { unknownPathToast } from "~/lib/unknown-path";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess, requireUser } from "~/lib/auth/guard.server";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: data?.label ?? "En construcción" }];

/**
 * Screens of the access matrix that have no page yet answer here with 'En construcción' (the guard
 * still applies); anything outside the matrix goes to the user's home (the spec's catch-all), with a
 * toast saying which address did not exist and where the user is now, so the jump is not a mystery.
 */
export async function loader({ request, url }: LoaderFunctionArgs) {
  const { pathname } = url;
  const route = routeFor(pathname);
  if (!route) {
    const user = await requireUser(request, url);
    const home = homeFor(user.role);
    throw await redirectWithToast(home, unknownPathToast(pathname, routeFor(home)?.label ?? home));
  }
  await requireAccess(request, url);
  if (pathname.replace(/\/+$/, "") !== route.path) throw new Response("No encontrado", { status: 404 });
  return { label: route.label, path: route.path };
}

export async function action({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  throw new Response("No encontrado", { status: 404 });
}

export default function UnderConstruction() {
  const { label } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title={label} />
      <div className="card p-10 text-center" data-testid="under-construction">
        <Icon name="construction" className="mx-auto h-12 w-12 text-amber-500" />
        <h2 className="mt-3 text-xl font-semibold">En construcción</h2>
        <p className="mt-2 text-slate-600">Esta pantalla todavía no está disponible. Tu acceso a ella ya está configurado.</p>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
