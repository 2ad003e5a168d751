import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { watchRequestIds } from "~/lib/request-id";

// React Router's own entry, plus one thing: the id of each answer the page fetches is noted, so an
// error page drawn after a navigation shows the id of the request that failed (app/lib/request-id.tsx).
watchRequestIds();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
