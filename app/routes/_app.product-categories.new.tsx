import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { TreeDialogErrorBoundary, TreeEditDialog } from "~/modules/catalog/tree-taxonomy-dialogs";
import { treeItemLoader, treeSaveAction } from "~/modules/catalog/tree-taxonomy-route.server";

export const meta: MetaFunction = () => [{ title: "Nueva categoría" }];

export const loader = ({ request }: LoaderFunctionArgs) => treeItemLoader("categories", request, null);

export const action = ({ request }: ActionFunctionArgs) => treeSaveAction("categories", request, null);

export default function NewCategory() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <TreeEditDialog
        kind="categories"
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
  return <TreeDialogErrorBoundary kind="categories" />;
}
