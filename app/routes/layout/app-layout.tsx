import type { LoaderFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { Outlet, useLoaderData, useLocation } from "react-router";
import { useMemo } from "react";
import { SidebarFeedbackForm } from "~/components/FeedbackForm";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { LateDataBanner } from "~/components/LateDataBanner";
import { Sidebar } from "~/components/Sidebar";
import { canFollow, navFor } from "~/lib/access";
import { isFedScreen, lateOn } from "~/modules/sync/feed-view";
import { listLateFeeds } from "~/modules/sync/status.server";
import { withoutEmptyParams } from "~/lib/filter-params";
import { roleLabel } from "@common/roles";
import { requireUser } from "~/lib/auth/guard.server";
import { feedbackConstraint } from "~/routes/layout/constraints.server";
import { getEnv } from "@server/env";

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireUser(request, url);
  // A filter form sent without JavaScript carries its empty fields: the bookmarkable URL drops them.
  const clean = request.method === "GET" ? withoutEmptyParams(url) : null;
  if (clean) throw redirect(clean);
  // The late-data banner (docs/live-data.md): one read of feed_state, only on the screens feeds fill.
  // With single fetch this loader runs on every navigation, so moving to such a screen reads it again.
  const late = isFedScreen(url.pathname) ? await listLateFeeds() : [];
  return {
    brand: getEnv().BRAND_NAME,
    feedbackBox: feedbackConstraint(),
    late,
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
  const { user, brand, feedbackBox, late } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  // The sidebar follows from the role and flags the page already carries: it is not sent as data
  // with every document (the access table is in the browser anyway, for what the UI shows).
  const nav = useMemo(() => navFor(user), [user]);
  const lateHere = lateOn(late, pathname);
  return (
    <div className="min-h-screen md:flex">
      <a href="#main" className="skip-link">
        Saltar al contenido
      </a>
      <Sidebar items={nav} user={user} brand={brand} feedback={<SidebarFeedbackForm constraint={feedbackBox} />} />
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-5 focus:outline-none md:px-8 print:p-0">
        {lateHere.length ? <LateDataBanner late={lateHere} syncLink={canFollow(user, "/sync")} /> : null}
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
