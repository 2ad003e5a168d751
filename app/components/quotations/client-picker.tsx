import { useSubmit } from "react-router";
import type { DraftClient } from "~/modules/quotations/draft";
import { MESSAGES } from "~/modules/quotations/pricing";
import { KeepingSearchForm, PickButton, PickList } from "~/components/quotations/quotation-parts";
import { SearchCombobox, SearchSwap, type Carried } from "./search-combobox";

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
  return (
    <SearchSwap
      server={<ClientSearchForm {...props} />}
      client={(carried) => <ClientCombobox version={props.version} carried={carried} />}
    />
  );
}

function ClientSearchForm({ version, query, results }: Props) {
  return (
    <div className="flex flex-col gap-2">
      <KeepingSearchForm
        param="client"
        query={query}
        label="Cliente"
        placeholder="Clave, nombre o rfc"
        button="Buscar cliente"
        ariaLabel="Buscar cliente"
        fieldClassName="flex min-w-56 flex-1 flex-col gap-1 text-sm"
      />
      {results ? (
        <PickList
          items={results}
          emptyMessage={MESSAGES.noMatch}
          emptyTitle={MESSAGES.noMatchTitle}
          label="Clientes encontrados"
          listClassName="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200"
          itemKey={(c) => c.key}
        >
          {(c) => (
            <>
              <span className="min-w-0 truncate">{clientLabel(c)}</span>
              <PickButton fields={{ intent: "client", version, clientKey: c.key }} label="Elegir" ariaLabel={`Elegir ${c.name}`} />
            </>
          )}
        </PickList>
      ) : null}
    </div>
  );
}

const clientLabel = (c: DraftClient) => (
  <>
    <strong>{c.key}</strong> {c.name} <span className="text-slate-500">({c.priceList})</span>
  </>
);

function ClientCombobox({ version, carried }: { version: number; carried: Carried }) {
  const submit = useSubmit();
  return (
    <SearchCombobox<DraftClient>
      label="Cliente"
      placeholder="Clave, nombre o rfc"
      source={(q) => `/products/clients?q=${encodeURIComponent(q.toUpperCase())}`}
      itemKey={(c) => c.key}
      itemToString={(c) => `${c.key} ${c.name}`}
      renderItem={clientLabel}
      onPick={(c) => submit({ intent: "client", clientKey: c.key, version: String(version) }, { method: "post", preventScrollReset: true })}
      emptyMessage={MESSAGES.noMatch}
      emptyTitle={MESSAGES.noMatchTitle}
      carried={carried}
    />
  );
}
