import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { watchRequestIds } from "~/lib/request-id";
import { keepTextTypedBeforeHydration } from "~/lib/typed-before-hydration";

// React Router's own entry, plus two things: the id of each answer the page fetches is noted, so an
// error page drawn after a navigation shows the id of the request that failed (app/lib/request-id.tsx);
// and text typed into a prefilled textarea before hydration is put back after it (typed-before-hydration.ts).
watchRequestIds();
const putBackTypedText = keepTextTypedBeforeHydration();

/** Its effect runs once the whole page has hydrated (a parent's effects run after its children's). */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(putBackTypedText, []);
  return children;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <Hydrated>
        <HydratedRouter />
      </Hydrated>
    </StrictMode>,
  );
});
