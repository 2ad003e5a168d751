import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { TreeDialogErrorBoundary, TreeEditDialog } from "~/modules/catalog/tree-taxonomy-dialogs";
import { treeItemLoader, treeSaveAction } from "~/modules/catalog/tree-taxonomy-route.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.node ? `Marca ${data.node.id}` : "Marca" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => treeItemLoader("brands", request, params);

export const action = ({ request, params }: ActionFunctionArgs) => treeSaveAction("brands", request, params);

export default function EditBrand() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <TreeEditDialog
        kind="brands"
        node={loaded.node}
        draft={answer?.draft ?? loaded.draft}
        parents={loaded.parents}
        fieldErrors={answer?.fieldErrors ?? {}}
        toast={answer?.toast ?? loaded.pickToast}
        revision={answer?.revision ?? "load"}
        canDelete={loaded.canDelete}
        closeTo={loaded.closeTo}
      />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <TreeDialogErrorBoundary kind="brands" />;
}
