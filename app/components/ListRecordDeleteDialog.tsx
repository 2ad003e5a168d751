import { useLocation } from "react-router";
import { ConfirmDialog } from "./Dialog";

/**
 * The delete confirmation of a record opened from a list (Eliminar / Eliminando…); Cancelar goes back
 * to the list with the query the dialog was opened with.
 */
export function ListRecordDeleteDialog({ title, listPath, children }: { title: string; listPath: string; children: React.ReactNode }) {
  const { search } = useLocation();
  return (
    <ConfirmDialog title={title} closeTo={`${listPath}${search}`} confirmLabel="Eliminar" busyLabel="Eliminando…">
      {children}
    </ConfirmDialog>
  );
}
