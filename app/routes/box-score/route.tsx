import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PageHeader } from "~/components/PageHeader";
import { ScrollBox } from "~/components/ScrollBox";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import {
  ADJUSTED_MESSAGE,
  BOX_SCORE_PATH,
  MONTH_NAMES,
  NO_DATA,
  drillDownFor,
  formatIndicator,
  monthLinkRange,
} from "~/modules/box-score/indicators";
import { boxScoreMonth, resolveMonth } from "~/modules/box-score/page.server";
import { nowInMexico } from "~/lib/mexico-time";

export const meta: MetaFunction<typeof loader> = ({ loaderData: data }) => [
  { title: data ? `Box score · ${MONTH_NAMES[data.month - 1]} ${data.year}` : "Box score" },
];

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireAccess(request, url);
  const { choice, range } = await resolveMonth(url);
  if (choice.adjusted) {
    return redirectWithToast(`${BOX_SCORE_PATH}?year=${choice.year}&month=${choice.month}`, {
      title: "Box score",
      message: ADJUSTED_MESSAGE,
      variant: "warning",
    });
  }
  const { days, rows } = await boxScoreMonth(choice.year, choice.month);
  const years: number[] = [];
  for (let y = range.last; y >= range.first; y--) years.push(y);
  // Who is looking decides which cells link to their list (drillDownFor).
  return {
    year: choice.year,
    month: choice.month,
    years,
    days,
    rows,
    monthRange: monthLinkRange(days, nowInMexico().toISODate()!),
    viewer: { role: user.role, permissions: user.permissions },
  };
}

export default function BoxScore() {
  const { year, month, years, days, rows, monthRange, viewer } = useLoaderData<typeof loader>();
  const monthHref = (m: number) => `${BOX_SCORE_PATH}?year=${year}&month=${m}`;
  return (
    <div className="min-w-0">
      <PageHeader
        title="Box score"
        actions={
          <a href={`${BOX_SCORE_PATH}.xlsx?year=${year}&month=${month}`} className="btn-secondary" download>
            Descargar .xlsx
          </a>
        }
      />
      <div className="card mb-4 flex flex-wrap items-end gap-3 p-4">
        <Form method="get" className="flex items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-700">Año</span>
            <select name="year" defaultValue={year} className="input" onChange={(e) => e.currentTarget.form?.requestSubmit()}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
          <input type="hidden" name="month" value={month} />
          <button type="submit" className="btn-secondary">
            Ver
          </button>
        </Form>
        <nav aria-label="Meses" className="min-w-0 max-w-full overflow-x-auto">
          <ul className="flex gap-1">
            {MONTH_NAMES.map((name, i) => (
              <li key={name}>
                <Link
                  to={monthHref(i + 1)}
                  aria-current={i + 1 === month ? "page" : undefined}
                  className="block rounded px-2 py-1 text-sm hover:bg-slate-100 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
                >
                  {name.slice(0, 3)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <h2 className="mb-2 text-lg font-semibold">
        {MONTH_NAMES[month - 1]} {year}
      </h2>
      <ScrollBox
        label={`Indicadores de ${MONTH_NAMES[month - 1]} ${year} por día`}
        className="max-w-full rounded-lg border border-slate-200 bg-white"
      >
        <table className="min-w-max text-right text-xs tabular-nums">
          <caption className="sr-only">
            Indicadores de {MONTH_NAMES[month - 1]} {year} por día
          </caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-2 py-2 text-left">
                Indicador
              </th>
              {days.map((d) => (
                <th key={d} scope="col" className="px-2 py-2">
                  {Number(d.slice(8))}
                </th>
              ))}
              <th scope="col" className="px-2 py-2">
                Total del mes
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-100" data-indicator={row.key}>
                <th scope="row" className="sticky left-0 z-10 max-w-56 bg-white px-2 py-1.5 text-left font-medium">
                  {row.label}
                </th>
                {row.missing ? (
                  <td colSpan={days.length + 1} className="px-2 py-1.5 text-left text-slate-600" title={row.missing}>
                    {NO_DATA} <span>— {row.missing}</span>
                  </td>
                ) : (
                  <>
                    {row.days.map((value, i) => {
                      const href = drillDownFor(viewer, row.key, days[i], days[i]);
                      const text = formatIndicator(row.unit, value);
                      return (
                        <td key={days[i]} className="px-2 py-1.5">
                          {href && value !== null && value !== 0 ? (
                            <Link
                              to={href}
                              className="text-brand-700 hover:underline"
                              aria-label={`${row.label}, día ${Number(days[i].slice(8))}: ${text}`}
                            >
                              {text}
                            </Link>
                          ) : (
                            text
                          )}
                        </td>
                      );
                    })}
                    <td className="px-2 py-1.5 font-semibold">
                      {(() => {
                        const href = monthRange && drillDownFor(viewer, row.key, monthRange.from, monthRange.to);
                        const text = formatIndicator(row.unit, row.total);
                        return href && row.total ? (
                          <Link to={href} className="text-brand-700 hover:underline">
                            {text}
                          </Link>
                        ) : (
                          text
                        );
                      })()}
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
