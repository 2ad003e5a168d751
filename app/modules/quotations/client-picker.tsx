import { Form, useLocation, useSubmit } from "@remix-run/react";
import type { DraftClient } from "./draft";
import { MESSAGES } from "./pricing";
import { SearchCombobox, useHydrated } from "./search-combobox";

type Props = {
  version: number;
  /** The no-JavaScript search (`client` in the URL) and its results. */
  query?: string;
  results: DraftClient[] | null;
};

/**
 * "Clave, nombre o rfc": without JavaScript a GET search whose results are picked with a POST button;
 * with it a combobox (Downshift) that waits 600 ms and needs more than one character.
 */
export function ClientPicker(props: Props) {
  return useHydrated() ? <ClientCombobox version={props.version} /> : <ClientSearchForm {...props} />;
}

function ClientSearchForm({ version, query, results }: Props) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("client");
  return (
    <div className="flex flex-col gap-2">
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label="Buscar cliente">
        {[...params.entries()].map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm">
          <span className="font-medium text-slate-700">Cliente</span>
          <input type="search" name="client" defaultValue={query} placeholder="Clave, nombre o rfc" className="input" />
        </label>
        <button type="submit" className="btn-secondary">
          Buscar cliente
        </button>
      </Form>
      {results ? (
        results.length === 0 ? (
          <p className="text-sm text-amber-700" role="status">
            {MESSAGES.noMatch}
          </p>
        ) : (
          <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200" aria-label="Clientes encontrados">
            {results.map((c) => (
              <li key={c.key} className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm">
                <span className="min-w-0 truncate">
                  <strong>{c.key}</strong> {c.name} <span className="text-slate-500">({c.priceList})</span>
                </span>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="client" />
                  <input type="hidden" name="version" value={version} />
                  <input type="hidden" name="clientKey" value={c.key} />
                  <button type="submit" className="btn-ghost px-2 py-1" aria-label={`Elegir ${c.name}`}>
                    Elegir
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

function ClientCombobox({ version }: { version: number }) {
  const submit = useSubmit();
  return (
    <SearchCombobox<DraftClient>
      label="Cliente"
      placeholder="Clave, nombre o rfc"
      source={(q) => `/products/clients?q=${encodeURIComponent(q.toUpperCase())}`}
      itemKey={(c) => c.key}
      itemToString={(c) => `${c.key} ${c.name}`}
      renderItem={(c) => (
        <>
          <strong>{c.key}</strong> {c.name} <span className="text-slate-500">({c.priceList})</span>
        </>
      )}
      onPick={(c) => submit({ intent: "client", clientKey: c.key, version: String(version) }, { method: "post", preventScrollReset: true })}
      emptyMessage={MESSAGES.noMatch}
    />
  );
}
