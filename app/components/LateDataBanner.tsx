import { Link } from "react-router";
import type { LateFeed } from "~/modules/sync/feed-view";

/**
 * Above a screen whose data a late feed brings (docs/live-data.md): how old that data is, and a link
 * to Sincronización for the roles that may open it (decision 0040: no link a role cannot follow).
 */
export function LateDataBanner({ late, syncLink }: { late: readonly LateFeed[]; syncLink: boolean }) {
  return (
    <div
      role="status"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 print:hidden"
      data-testid="late-data-banner"
    >
      <p className="font-semibold">Datos desactualizados</p>
      <ul className="mt-1 space-y-0.5">
        {late.map((f) => (
          <li key={f.name}>{f.sentence}</li>
        ))}
      </ul>
      {syncLink ? (
        <Link to="/sync" className="mt-1 inline-block font-medium text-amber-950 underline">
          Ver Sincronización
        </Link>
      ) : (
        <p className="mt-1">Avisa a un administrador si el problema continúa.</p>
      )}
    </div>
  );
}
