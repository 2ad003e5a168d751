import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { constraintsOf } from "~/lib/constraints";
import { useLazyValidation } from "~/lib/lazy-validation";
import { DemoFieldSchema } from "~/routes/theme/demo-field-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data } from "react-router";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation } from "react-router";
import { z } from "zod";
import { Badge, badgeVariants, type BadgeVariant } from "~/components/Badge";
import { DataTable, type Column } from "~/components/DataTable";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { Field } from "~/components/Field";
import { FilterBar, SearchInput } from "~/components/FilterBar";
import { PageHeader } from "~/components/PageHeader";
import { Pagination } from "~/components/Pagination";
import { formatDate, formatDateTime, formatMoney, formatNumber, formatQueryDate, formatRelative, formatTime } from "@common/format";
import { parseQuery, q } from "~/lib/query";
import { toastVariants } from "~/lib/toast";
import { redirectWithToast } from "~/lib/toast.server";
import { requireAccess } from "~/lib/auth/guard.server";
import { readForm } from "~/lib/http.server";

export const meta: MetaFunction = () => [{ title: "Tema" }];

const PAGE_SIZE = 5;
const SORTS = ["sku", "name", "price", "date"] as const;
const ListQuery = {
  search: q.search(),
  sortName: q.oneOf([...SORTS]),
  sortValue: q.sortValue(),
  page: q.page(),
};

const ToastIntent = z.object({ intent: z.literal("toast"), variant: z.enum(toastVariants) });

type SampleRow = { sku: string; name: string; price: number; date: string };

/** Fixed sample rows (no database): the kit only shows how tables, sorting and paging look. */
const SAMPLE_ROWS: SampleRow[] = Array.from({ length: 23 }, (_, i) => ({
  sku: `SKU-${String(1001 + i)}`,
  name: ["Cable THW calibre 12", "Contacto dúplex", "Apagador sencillo", "Foco LED 9 W", "Centro de carga 4 polos"][i % 5] + ` #${i + 1}`,
  price: Math.round((35 + ((i * 7919) % 1500) + (i % 3) * 0.5) * 100) / 100,
  date: new Date(Date.UTC(2024, i % 12, 1 + ((i * 3) % 27), 15 + (i % 6), (i * 13) % 60)).toISOString(),
}));

const SAMPLE_DATE = "2024-03-15T18:45:30.000Z";

/** Read once from the schemas, on the server: the page's script carries no Zod. */
const CONSTRAINTS = { search: constraintsOf(ListQuery).search, field: constraintsOf(DemoFieldSchema) };

export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireAccess(request, url);
  const query = parseQuery(url, ListQuery);
  const term = query.search?.toLowerCase();
  const filtered = term ? SAMPLE_ROWS.filter((r) => `${r.sku} ${r.name}`.toLowerCase().includes(term)) : SAMPLE_ROWS;
  const key = query.sortName ?? "sku";
  const sign = query.sortValue === "desc" ? -1 : 1;
  const sorted = [...filtered].sort((a, b) => (a[key] < b[key] ? -sign : a[key] > b[key] ? sign : 0));
  const rows = sorted.slice((query.page - 1) * PAGE_SIZE, query.page * PAGE_SIZE);
  return {
    rows,
    total: filtered.length,
    page: query.page,
    pageSize: PAGE_SIZE,
    query,
    now: new Date().toISOString(),
    searchConstraint: CONSTRAINTS.search,
    fieldConstraint: CONSTRAINTS.field,
  };
}

export async function action({ request, url }: ActionFunctionArgs) {
  await requireAccess(request, url);
  const formData = await readForm(request);
  const { search } = url;
  const toast = ToastIntent.safeParse(Object.fromEntries(formData));
  if (toast.success) {
    const { variant } = toast.data;
    return redirectWithToast(`/theme${search}`, {
      title: TOAST_SAMPLES[variant].title,
      message: TOAST_SAMPLES[variant].message,
      variant,
    });
  }
  const submission = parseWithZod(formData, { schema: DemoFieldSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return redirectWithToast(`/theme${search}`, { title: "Formulario válido", message: submission.value.email, variant: "success" });
}

const TOAST_SAMPLES = {
  success: { title: "Guardado", message: "Los cambios se guardaron correctamente." },
  info: { title: "Información", message: "La sincronización continúa en segundo plano." },
  warning: { title: "Atención", message: "Hay productos sin existencias suficientes." },
  danger: { title: "Error", message: "No fue posible completar la operación." },
} as const satisfies Record<(typeof toastVariants)[number], { title: string; message: string }>;

const TOAST_BUTTON: Record<(typeof toastVariants)[number], string> = {
  success: "btn-primary",
  info: "btn-secondary",
  warning: "btn-secondary",
  danger: "btn-danger",
};

/** The error the sample field shows before anything is sent, so the error state is always visible. */
const PRESET_FIELD_RESULT: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { email: "correo-invalido" },
  error: { email: ["Ingresa un correo electrónico válido"] },
};

export default function Theme() {
  const { rows, total, page, pageSize, query, now, searchConstraint, fieldConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const validation = useLazyValidation(() => import("~/routes/theme/demo-field-form").then((m) => m.DemoFieldSchema));
  const [form, fields] = useForm<z.input<typeof DemoFieldSchema>, z.output<typeof DemoFieldSchema>>({
    id: "theme-field",
    lastResult: actionData?.result ?? PRESET_FIELD_RESULT,
    constraint: fieldConstraint,
    ...validation,
  });
  const columns: Column<SampleRow>[] = [
    { key: "sku", header: "SKU", sortName: "sku", className: "font-mono text-xs", cell: (r) => r.sku },
    { key: "name", header: "Producto", sortName: "name", cell: (r) => r.name },
    { key: "price", header: "Precio", sortName: "price", className: "text-right tabular-nums", cell: (r) => formatMoney(r.price) },
    { key: "date", header: "Fecha", sortName: "date", className: "whitespace-nowrap tabular-nums", cell: (r) => formatDateTime(r.date) },
  ];
  return (
    <div className="space-y-6">
      <PageHeader title="Tema">
        <p className="text-sm text-slate-500">Componentes compartidos de la interfaz, para revisar estilos y comportamiento.</p>
      </PageHeader>

      <Section title="Botones">
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-primary">
            Primario
          </button>
          <button type="button" className="btn-secondary">
            Secundario
          </button>
          <button type="button" className="btn-danger">
            Peligro
          </button>
          <button type="button" className="btn-ghost">
            Discreto
          </button>
          <button type="button" className="btn-primary" disabled>
            Deshabilitado
          </button>
        </div>
      </Section>

      <Section title="Etiquetas (Badge)">
        <div className="flex flex-wrap gap-2">
          {(Object.keys(badgeVariants) as BadgeVariant[]).map((v) => (
            <Badge key={v} variant={v}>
              {v}
            </Badge>
          ))}
        </div>
      </Section>

      <Section title="Campo con error">
        <Form method="post" preventScrollReset {...getFormProps(form)} className="flex max-w-md flex-col">
          <Field
            label="Correo electrónico"
            meta={fields.email}
            type="email"
            hint="Escribe un correo válido y envía para quitar el error."
          />
          <div>
            <button type="submit" className="btn-primary">
              Validar
            </button>
          </div>
        </Form>
      </Section>

      <Section title="Filtros, tabla y paginación">
        <div className="mb-3">
          <FilterBar clearTo="/theme">
            <SearchInput constraint={searchConstraint} defaultValue={query.search} placeholder="SKU o producto" />
          </FilterBar>
        </div>
        <DataTable rows={rows} columns={columns} rowKey={(r) => r.sku} caption="Productos de ejemplo" />
        <Pagination page={page} total={total} pageSize={pageSize} />
      </Section>

      <Section title="Avisos (toasts)">
        <div className="flex flex-wrap gap-2">
          {toastVariants.map((variant) => (
            <Form key={variant} method="post" preventScrollReset>
              <input type="hidden" name="intent" value="toast" />
              <input type="hidden" name="variant" value={variant} />
              <button type="submit" className={TOAST_BUTTON[variant]}>
                Aviso {variant}
              </button>
            </Form>
          ))}
        </div>
      </Section>

      <Section title="Diálogo y documentos">
        <div className="flex flex-wrap gap-2">
          <Link to={`/theme/dialog${search}`} preventScrollReset className="btn-secondary">
            Abrir diálogo
          </Link>
          <a href="/theme/sample.pdf" className="btn-secondary">
            PDF de ejemplo
          </a>
          <a href="/theme/sample.xlsx" className="btn-secondary" download>
            Excel de ejemplo
          </a>
        </div>
      </Section>

      <Section title="Formatos">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]">
          <dt className="text-slate-500">Dinero</dt>
          <dd className="tabular-nums">{[1234.5, 0, -99.9, 1_250_000].map((n) => formatMoney(n)).join(" · ")}</dd>
          <dt className="text-slate-500">Número</dt>
          <dd className="tabular-nums">{formatNumber(1234567.891)}</dd>
          <dt className="text-slate-500">Fecha y hora (Ciudad de México)</dt>
          <dd className="tabular-nums">{formatDateTime(SAMPLE_DATE)}</dd>
          <dt className="text-slate-500">Fecha</dt>
          <dd className="tabular-nums">{formatDate(SAMPLE_DATE)}</dd>
          <dt className="text-slate-500">Hora (chat)</dt>
          <dd className="tabular-nums">{formatTime(SAMPLE_DATE)}</dd>
          <dt className="text-slate-500">Fecha en la URL</dt>
          <dd className="font-mono text-xs">{formatQueryDate(SAMPLE_DATE)}</dd>
          <dt className="text-slate-500">Relativa</dt>
          <dd>{formatRelative(SAMPLE_DATE, new Date(now))}</dd>
        </dl>
      </Section>

      <Outlet />
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card p-5">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
