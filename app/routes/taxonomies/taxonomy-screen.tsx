import { Link } from "react-router";
import type { Column } from "~/components/DataTable";
import { DialogErrorBoundary } from "~/components/ErrorBoundary";
import type { TaxonomyScreenTexts } from "~/modules/catalog/taxonomy-texts";

/** What the four taxonomy screens (categories, brands, sectors, applications) show alike. */

type Named = { id: number; name: string };

/**
 * The columns every taxonomy table has: ID and Nombre (sortable; the name opens the dialog) and the
 * row's Editar and, when the row may be deleted, Eliminar (its confirmation route). The list's query
 * travels with each link, so closing a dialog goes back to the same page.
 */
export function taxonomyColumns<Row extends Named>(path: string, search: string, deletable: (row: Row) => boolean) {
  const id: Column<Row> = { key: "id", header: "ID", sortName: "id", className: "w-24 tabular-nums", cell: (r) => r.id };
  const name: Column<Row> = {
    key: "name",
    header: "Nombre",
    sortName: "name",
    cell: (r) => (
      <Link to={`${path}/${r.id}${search}`} preventScrollReset className="font-medium text-brand-700 underline">
        {r.name}
      </Link>
    ),
  };
  const actions: Column<Row> = {
    key: "actions",
    header: <span className="sr-only">Acciones</span>,
    className: "w-48 text-right whitespace-nowrap",
    cell: (r) => (
      <span className="inline-flex gap-1">
        <Link to={`${path}/${r.id}${search}`} preventScrollReset className="btn-ghost px-2 py-1" aria-label={`Editar ${r.name}`}>
          Editar
        </Link>
        {deletable(r) ? (
          <Link
            to={`${path}/${r.id}/delete${search}`}
            preventScrollReset
            className="btn-ghost px-2 py-1 text-red-700"
            aria-label={`Eliminar ${r.name}`}
          >
            Eliminar
          </Link>
        ) : null}
      </span>
    ),
  };
  return { id, name, actions };
}

/** The question of every taxonomy's delete confirmation. */
export function DeleteQuestion({ texts, item }: { texts: TaxonomyScreenTexts; item: Named }) {
  return (
    <p>
      ¿Eliminar {texts.theOne} <strong>{item.name}</strong> (ID {item.id})? No se puede deshacer.
    </p>
  );
}

/** A taxonomy dialog's error (an unknown id) stays inside its list. */
export function TaxonomyScreenErrorBoundary({ texts }: { texts: TaxonomyScreenTexts }) {
  return <DialogErrorBoundary listPath={texts.path} notFoundTitle={texts.notFoundTitle} notFoundText={texts.notFoundText} />;
}
