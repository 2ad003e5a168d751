import { useLocation } from "react-router";
import { PostedSwitch } from "~/components/Switch";
import { SHOP_SECTIONS_PATH, type ShopSectionRow } from "~/modules/content/shop-section-texts";

/** The list's Activa switch (spec: it saves at once, sending only id and status). */
export function SectionStatusSwitch({ row }: { row: ShopSectionRow }) {
  return (
    <PostedSwitch
      action={`${SHOP_SECTIONS_PATH}${useLocation().search}`}
      fields={{ intent: "toggle", id: row.id }}
      name="status"
      checked={row.status}
      label={`Activa ${row.title}`}
      testId={`section-status-${row.id}`}
    />
  );
}
