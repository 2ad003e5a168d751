export function PageHeader({
  title,
  total,
  actions,
  children,
}: {
  title: string;
  total?: number;
  actions?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">
          {title}
          {total !== undefined ? (
            <span className="ml-2 text-base font-normal text-slate-500">({total.toLocaleString("es-MX")})</span>
          ) : null}
        </h1>
        {children}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
