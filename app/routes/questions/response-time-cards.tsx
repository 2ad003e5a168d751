import { cn } from "~/lib/cn";
import {
  BAND_INFO,
  RESPONSE_BANDS,
  RESPONSE_WINDOW_DAYS,
  formatMinutes,
  responseTimeColor,
  type ResponseColor,
  type ResponseTimeRow,
} from "~/modules/questions/response-time";
import { storeLabel } from "~/modules/questions/rules";

const colorClass: Record<ResponseColor, string> = {
  green: "border-green-300 bg-green-50 text-green-900",
  yellow: "border-amber-300 bg-amber-50 text-amber-900",
  red: "border-red-300 bg-red-50 text-red-900",
};
const colorName: Record<ResponseColor, string> = { green: "en meta", yellow: "más de 1 h", red: "más de 4 h" };

/** One card per store: the four averages, each coloured by the spec's thresholds. */
export function ResponseTimeCards({ rows }: { rows: ResponseTimeRow[] }) {
  if (rows.length === 0) {
    return <p className="card mb-4 p-4 text-sm text-slate-500">Sin preguntas respondidas en los últimos {RESPONSE_WINDOW_DAYS} días.</p>;
  }
  return (
    <section aria-label="Tiempo de respuesta promedio" className="mb-4 grid gap-3 lg:grid-cols-2">
      {rows.map((row) => (
        <div key={row.store ?? "main"} className="card p-4" data-testid="response-card">
          <h2 className="mb-2 flex items-baseline justify-between text-sm font-semibold">
            <span>Tiempo de respuesta · {storeLabel(row.store)}</span>
            <span className="font-normal text-slate-500">
              {row.answered.toLocaleString("es-MX")} respondidas, últimos {RESPONSE_WINDOW_DAYS} días
            </span>
          </h2>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {RESPONSE_BANDS.map((band) => {
              const minutes = row[band];
              const color = responseTimeColor(minutes);
              const info = BAND_INFO[band];
              return (
                <div
                  key={band}
                  className={cn(
                    "min-w-0 rounded-md border px-3 py-2",
                    color ? colorClass[color] : "border-slate-200 bg-slate-50 text-slate-500",
                  )}
                  data-band={band}
                  data-color={color ?? "none"}
                  title={color ? colorName[color] : "Sin datos"}
                >
                  <dt className="text-xs font-medium">{info.label}</dt>
                  <dd className="text-base font-semibold leading-tight tabular-nums xl:text-lg">{formatMinutes(minutes)}</dd>
                  <dd className="text-[11px] opacity-80">
                    {info.hours}
                    {info.targetMinutes ? ` · meta ${info.targetMinutes} min` : ""}
                  </dd>
                </div>
              );
            })}
          </dl>
        </div>
      ))}
    </section>
  );
}
