import { useActionData, useLoaderData } from "react-router";
import { PromotionDeleteDialog, PromotionEditDialog } from "~/routes/shop/promotion-dialogs";
import type { promotionDeleteLoader, promotionDialogAction, promotionDialogLoader } from "./promotion-route.server";

/** The new and edit promotion routes' dialog. */
export function PromotionDialogRoute() {
  const { promotion, today, constraint } = useLoaderData<typeof promotionDialogLoader>();
  return (
    <PromotionEditDialog
      key={promotion?.id}
      promotion={promotion}
      today={today}
      constraint={constraint}
      answer={useActionData<typeof promotionDialogAction>()}
    />
  );
}

export function PromotionDeleteRoute() {
  const { promotion } = useLoaderData<typeof promotionDeleteLoader>();
  return <PromotionDeleteDialog promotion={promotion} />;
}
