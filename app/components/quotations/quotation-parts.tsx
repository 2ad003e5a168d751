import { Form, Link, useLocation } from "react-router";
import type { ReactNode } from "react";
import { ScrollBox } from "~/components/ScrollBox";
import { cn } from "~/lib/cn";
import type { CompanyContact, QuotationDocumentData } from "~/modules/quotations/document";
import { formatCents } from "~/modules/quotations/pricing";
import { QUOTATION_CSS, QuotationDocument } from "~/documents/quotation-document";

/** Pieces the v3 dialog, the v4 screen and the saved-quotation dialog draw the same way. */

/** A form field with its visible name above it (the quotation forms' grid cells). */
export function LabeledField({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <label className={cn("flex flex-col gap-1 text-sm", className)}>
      <span className="font-medium text-slate-700">{label}</span>
      {children}
    </label>
  );
}

/** The last row of a quotation's data form: Notas and Guardar datos, each across `span` (the grid's columns). */
export function NotesAndSave({ notes, busy, span }: { notes: string; busy: boolean; span: string }) {
  return (
    <>
      <LabeledField label="Notas" className={span}>
        <textarea name="notes" className="input" rows={2} defaultValue={notes} maxLength={2000} />
      </LabeledField>
      <div className={span}>
        <button type="submit" className="btn-secondary" disabled={busy}>
          Guardar datos
        </button>
      </div>
    </>
  );
}

/** Quitar on a draft's line: posts the line's SKU; `name` is how the button's label names the line. */
export function RemoveLineForm({
  version,
  sku,
  name,
  busy,
  className,
}: {
  version: number;
  sku: string;
  name: string;
  busy: boolean;
  className?: string;
}) {
  return (
    <Form method="post" preventScrollReset className={className}>
      <DraftIntent intent="remove" version={version} />
      <input type="hidden" name="sku" value={sku} />
      <button type="submit" className="btn-ghost px-2 py-1" disabled={busy} aria-label={`Quitar ${name}`}>
        Quitar
      </button>
    </Form>
  );
}

/** The fields every draft form posts: which change, and the draft version the screen showed (a stale one is refused). */
export function DraftIntent({ intent, version }: { intent: string; version: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
    </>
  );
}

/** Hidden copies of the URL's other parameters, so one GET search keeps the rest of the screen's state. */
export function KeepParams({ drop }: { drop: string }) {
  const params = new URLSearchParams(useLocation().search);
  params.delete(drop);
  return (
    <>
      {[...params.entries()].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

type SearchFormProps = {
  /** The URL parameter the search writes (`client`, `agent`, `category`). */
  param: string;
  query: string | undefined;
  label: string;
  placeholder: string;
  button: string;
  ariaLabel: string;
  /** Classes of the label around the field (its minimum width). */
  fieldClassName: string;
  preventScrollReset?: boolean;
};

/** The no-JavaScript half of a picker: a GET search that keeps the screen's other parameters. */
export function KeepingSearchForm({
  param,
  query,
  label,
  placeholder,
  button,
  ariaLabel,
  fieldClassName,
  preventScrollReset,
}: SearchFormProps) {
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-2"
      role="search"
      aria-label={ariaLabel}
      preventScrollReset={preventScrollReset}
    >
      <KeepParams drop={param} />
      <label className={fieldClassName}>
        <span className="font-medium text-slate-700">{label}</span>
        <input type="search" name={param} defaultValue={query} placeholder={placeholder} className="input" />
      </label>
      <button type="submit" className="btn-secondary">
        {button}
      </button>
    </Form>
  );
}

/** The results of a no-JavaScript search: a message when none matched, else one row per match. */
export function PickList<T>({
  items,
  emptyMessage,
  emptyTitle,
  label,
  listClassName,
  itemKey,
  children,
}: {
  items: T[];
  emptyMessage: string;
  /** A warning's title before the empty message (spec 8: a client not found reads "Lo sentimos."). */
  emptyTitle?: string;
  label: string;
  listClassName: string;
  itemKey: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0)
    return (
      <p className="text-sm text-amber-700" role="status">
        {emptyTitle ? <strong className="mr-1">{emptyTitle}</strong> : null}
        {emptyMessage}
      </p>
    );
  return (
    <ul className={listClassName} aria-label={label}>
      {items.map((item) => (
        <li key={itemKey(item)} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

/** A result's "Elegir"/"Agregar": a POST of the given fields, so a pick works without JavaScript. */
export function PickButton({ fields, label, ariaLabel }: { fields: Record<string, string | number>; label: string; ariaLabel: string }) {
  return (
    <Form method="post" preventScrollReset>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn-ghost px-2 py-1" aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  );
}

/** The totals under the lines, last row (Total) ruled off. */
export function TotalsList({ rows, testId }: { rows: Array<[string, number]>; testId: string }) {
  return (
    <dl className="ml-auto w-full max-w-xs text-sm" data-testid={testId}>
      {rows.map(([label, cents]) => (
        <div key={label} className={`flex justify-between py-0.5 ${label === "Total" ? "border-t border-slate-400 font-semibold" : ""}`}>
          <dt>{label}</dt>
          <dd className="tabular-nums">{formatCents(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The document as the customer gets it, drawn in the page (no page breaks). */
export function QuotationPreview({ doc, company, className }: { doc: QuotationDocumentData; company: CompanyContact; className?: string }) {
  return (
    <ScrollBox
      label="Vista previa de la cotización"
      className={cn("rounded-md border border-slate-200 p-4", className)}
      data-testid="quotation-preview"
    >
      {/* As markup: a text child would be escaped (&quot;) on the server and the page would fail to hydrate. */}
      <style dangerouslySetInnerHTML={{ __html: QUOTATION_CSS }} />
      <QuotationDocument doc={doc} company={company} paged={false} />
    </ScrollBox>
  );
}

/** A quotation dialog's footer start: back to the list, then the PDF (new tab) and the Excel download. */
export function DocumentLinks({ closeTo, pdfHref, xlsxHref }: { closeTo: string; pdfHref: string; xlsxHref: string }) {
  return (
    <>
      <Link to={closeTo} preventScrollReset className="btn-secondary mr-auto">
        Volver
      </Link>
      <a href={pdfHref} target="_blank" rel="noopener" className="btn-secondary">
        Generar PDF
      </a>
      <a href={xlsxHref} download className="btn-secondary">
        Generar Excel
      </a>
    </>
  );
}

/** A refused change, shown in the page (a refusal never travels as a flash toast). */
export function PostedError({ message, className }: { message: string | null | undefined; className: string }) {
  if (!message) return null;
  return (
    <div className={cn(className, "border-red-200 bg-red-50 p-3 text-sm text-red-800")} role="alert">
      {message}
    </div>
  );
}

/** A column of the lines table: its heading, right-aligned for amounts, or read by screen readers only. */
export type LinesColumn = { label: string; align?: "right"; srOnly?: boolean };

/** The scrolling table of a quotation's lines; the caller draws the rows. */
export function LinesTableShell({ columns, className, children }: { columns: LinesColumn[]; className?: string; children: ReactNode }) {
  return (
    <ScrollBox label="Artículos de la cotización" className={cn("rounded-md border border-slate-200", className)}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Artículos de la cotización</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) =>
              c.srOnly ? (
                <th key={c.label} className="px-2 py-2">
                  <span className="sr-only">{c.label}</span>
                </th>
              ) : (
                <th key={c.label} className={c.align === "right" ? "px-2 py-2 text-right" : "px-2 py-2 text-left"}>
                  {c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </ScrollBox>
  );
}

/** A choice of one, as radio buttons side by side, under its legend. */
export function RadioChoice({
  legend,
  name,
  value,
  options,
}: {
  legend: string;
  name: string;
  value: string;
  options: Array<[value: string, label: string]>;
}) {
  return (
    <fieldset className="flex flex-col gap-1 text-sm">
      <legend className="font-medium text-slate-700">{legend}</legend>
      <div className="flex gap-4">
        {options.map(([key, label]) => (
          <label key={key} className="flex items-center gap-1">
            <input type="radio" name={name} value={key} defaultChecked={value === key} /> {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
