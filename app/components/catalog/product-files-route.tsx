import { useLoaderData, useLocation } from "react-router";
import { FilesLibraryDialog } from "~/components/files/library-dialog";
import type { libraryPage } from "~/routes/shared/files/library-route.server";
import { openerUrl } from "~/modules/files/rules";

type Data = Awaited<ReturnType<typeof libraryPage>> & { openerPath: string };

/** The files library opened from the product dialog; a pick goes back to it. */
export function ProductFilesDialog() {
  const data = useLoaderData<Data>();
  const { search } = useLocation();
  return (
    <FilesLibraryDialog
      rows={data.rows}
      total={data.total}
      page={data.page}
      pageSize={data.pageSize}
      search={data.search}
      selfPath={`${data.openerPath}/files`}
      keep={data.keep}
      pickTo={(fileId) => openerUrl(data.openerPath, search, fileId)}
      closeTo={openerUrl(data.openerPath, search)}
    />
  );
}
