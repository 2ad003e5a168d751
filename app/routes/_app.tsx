import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { SidebarFeedbackForm } from "~/components/FeedbackForm";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { Sidebar } from "~/components/Sidebar";
import { navFor } from "~/lib/access";
import { withoutEmptyParams } from "~/lib/filter-params";
import { roleLabel } from "~/lib/roles";
import { requireUser } from "~/web/auth/guard.server";
import { feedbackConstraint } from "~/web/feedback/constraints.server";
import { getEnv } from "@server/env";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // A filter form sent without JavaScript carries its empty fields: the bookmarkable URL drops them.
  const clean = request.method === "GET" ? withoutEmptyParams(new URL(request.url)) : null;
  if (clean) throw redirect(clean);
  return {
    brand: getEnv().BRAND_NAME,
    feedbackBox: feedbackConstraint(),
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      roleName: roleLabel(user.role),
      level: user.level,
      isSurtido: user.role === "surtido",
      permissions: user.permissions,
    },
  };
}

export default function AppLayout() {
  const { user, brand, feedbackBox } = useLoaderData<typeof loader>();
  // The sidebar follows from the role and flags the page already carries: it is not sent as data
  // with every document (the access table is in the browser anyway, for what the UI shows).
  const nav = useMemo(() => navFor(user), [user]);
  return (
    <div className="min-h-screen md:flex">
      <a href="#main" className="skip-link">
        Saltar al contenido
      </a>
      <Sidebar items={nav} user={user} brand={brand} feedback={<SidebarFeedbackForm constraint={feedbackBox} />} />
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-5 focus:outline-none md:px-8 print:p-0">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
