import { Form, useFetcher, useLocation, useSubmit } from "@remix-run/react";
import { useCombobox } from "downshift";
import { useEffect, useRef, useState } from "react";
import type { DraftClient } from "./draft";
import { MESSAGES } from "./pricing";

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
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? <ClientCombobox version={props.version} /> : <ClientSearchForm {...props} />;
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
  const fetcher = useFetcher<{ clients: DraftClient[]; message?: string }>();
  const submit = useSubmit();
  const [input, setInput] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const items = input.trim().length > 1 ? fetcher.data?.clients ?? [] : [];
  const searched = input.trim().length > 1 && fetcher.state === "idle" && fetcher.data !== undefined;
  const combobox = useCombobox<DraftClient>({
    items,
    inputValue: input,
    itemToString: (c) => (c ? `${c.key} ${c.name}` : ""),
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.ItemClick || type === useCombobox.stateChangeTypes.InputKeyDownEnter) return;
      const value = inputValue ?? "";
      setInput(value);
      clearTimeout(timer.current);
      const q = value.trim().toUpperCase();
      if (q.length > 1) timer.current = setTimeout(() => fetcher.load(`/products/clients?q=${encodeURIComponent(q)}`), 600);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      setInput("");
      submit({ intent: "client", clientKey: selectedItem.key, version: String(version) }, { method: "post", preventScrollReset: true });
    },
  });
  return (
    <div className="relative">
      <label {...combobox.getLabelProps()} className="mb-1 block text-sm font-medium text-slate-700">
        Cliente
      </label>
      <input {...combobox.getInputProps()} className="input" placeholder="Clave, nombre o rfc" />
      <ul
        {...combobox.getMenuProps()}
        className={`absolute z-30 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg ${
          combobox.isOpen && (items.length > 0 || searched) ? "" : "hidden"
        }`}
      >
        {combobox.isOpen && items.length === 0 && searched ? (
          <li className="px-3 py-2 text-sm text-amber-700">{fetcher.data?.message ?? MESSAGES.noMatch}</li>
        ) : null}
        {combobox.isOpen &&
          items.map((c, index) => (
            <li
              key={c.key}
              {...combobox.getItemProps({ item: c, index })}
              className={`cursor-pointer px-3 py-1.5 text-sm ${combobox.highlightedIndex === index ? "bg-brand-50" : ""}`}
            >
              <strong>{c.key}</strong> {c.name} <span className="text-slate-500">({c.priceList})</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
