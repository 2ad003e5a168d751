import type { LoaderFunctionArgs } from "react-router";
import { buildWorkbook, xlsxResponse } from "@server/documents/xlsx.server";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { ADJUSTED_MESSAGE, BOX_SCORE_PATH, NO_DATA } from "~/modules/box-score/indicators";
import { boxScoreMonth, resolveMonth } from "~/modules/box-score/page.server";

/** GET /box-score.xlsx?year&month: the month's table, one row per indicator, one column per day. */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url, BOX_SCORE_PATH);
  const { choice } = await resolveMonth(url);
  if (choice.adjusted) {
    return redirectWithToast(`${BOX_SCORE_PATH}?year=${choice.year}&month=${choice.month}`, {
      title: "Box score",
      message: ADJUSTED_MESSAGE,
      variant: "warning",
    });
  }
  const { days, rows } = await boxScoreMonth(choice.year, choice.month);
  const dayKeys = days.map((d) => `d${d.slice(8)}`);
  const sheetRows = rows.map((r) => {
    const out: Record<string, string | number | null> = { label: r.label, unit: r.missing ? NO_DATA : UNIT_LABEL[r.unit] };
    dayKeys.forEach((k, i) => (out[k] = r.missing ? null : round(r.days[i])));
    out.total = r.missing ? null : round(r.total);
    return out;
  });
  const buffer = await buildWorkbook({
    sheetName: `${choice.year}-${String(choice.month).padStart(2, "0")}`,
    columns: [
      { header: "Indicador", key: "label", width: 48 },
      { header: "Unidad", key: "unit", width: 10 },
      ...dayKeys.map((k) => ({ header: String(Number(k.slice(1))), key: k, style: "number" as const, width: 12 })),
      { header: "Total del mes", key: "total", style: "number", width: 14 },
    ],
    rows: sheetRows,
  });
  return xlsxResponse(buffer, `box-score-${choice.year}-${String(choice.month).padStart(2, "0")}.xlsx`);
}

const UNIT_LABEL = { money: "MXN", count: "núm.", percent: "%", minutes: "min" } as const;
const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
