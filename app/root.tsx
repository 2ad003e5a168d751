import type { LinksFunction, LoaderFunctionArgs, MetaFunction, MiddlewareFunction } from "react-router";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { NavigationProgress } from "~/components/NavigationProgress";
import { PendingSubmit } from "~/components/PendingSubmit";
import { Toaster } from "~/components/Toast";
import { useNonce } from "~/lib/nonce";
import { readToast } from "~/lib/toast.server";
import { getEnv } from "@server/env";
import { noteRoutePattern, requestValuesOf } from "@server/http/request-context";
import stylesheet from "~/tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
];

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [{ title: `Back office · ${data?.brand ?? ""}` }];

/**
 * Tells the server which route pattern the request matched ("/orders/:orderId"): its access line and
 * latency histogram are labelled with it, never with the URL and its ids (server/ops/request-log.ts).
 */
export const middleware: MiddlewareFunction[] = [({ context, pattern }) => noteRoutePattern(context, pattern)];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, headers } = await readToast(request);
  const env = getEnv();
  // The request's id (X-Request-Id): the error pages show it for staff to quote (GeneralErrorBoundary).
  const requestId = requestValuesOf(context)?.requestId ?? null;
  return data({ toast, brand: env.BRAND_NAME, demo: env.DEMO_MODE, requestId }, { headers: headers ?? undefined });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="es-MX" data-brand={root?.brand}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <Toaster toast={root?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React owns it: browser tests wait for it before clicking.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <NavigationProgress />
      <PendingSubmit />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
