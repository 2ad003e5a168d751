import { Form, NavLink } from "react-router";
import type { NavItem } from "~/lib/access";
import { cn } from "~/lib/cn";

export type SidebarUser = { firstName: string; lastName: string; roleName: string; level: number | null; isSurtido: boolean };

/**
 * Below 768 px the sidebar hides behind a checkbox toggle (works without JavaScript); the backdrop is
 * a label for the same checkbox, so a click outside closes it with or without JavaScript.
 */
export function Sidebar({
  items,
  user,
  brand,
  feedback,
}: {
  items: NavItem[];
  user: SidebarUser;
  brand: string;
  feedback?: React.ReactNode;
}) {
  const groups = items.reduce<Record<string, NavItem[]>>((acc, item) => {
    (acc[item.group] ??= []).push(item);
    return acc;
  }, {});
  return (
    <>
      {/* The checkbox itself is the menu button: it lies, transparent, over the icon drawn by its label,
          so the keyboard's tab stop is where the eye sees the button (and it is gone on wide screens); the
          label takes the pointer. */}
      <input
        type="checkbox"
        id="nav-toggle"
        className="peer pointer-events-none fixed left-4 top-2 z-[35] h-10 w-10 appearance-none opacity-0 md:hidden"
        aria-label="Mostrar menú"
        aria-controls="main-nav"
      />
      <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 md:hidden print:hidden">
        {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- a pointer target hidden from assistive technology; the checkbox it toggles is named by its aria-label */}
        <label
          htmlFor="nav-toggle"
          aria-hidden
          className="btn-ghost h-10 w-10 cursor-pointer px-2 [.peer:focus-visible~header_&]:outline [.peer:focus-visible~header_&]:outline-2 [.peer:focus-visible~header_&]:outline-brand-500"
          data-testid="nav-open"
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
        </label>
        <span className="font-semibold">{brand}</span>
      </header>
      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- the backdrop, a pointer target hidden from assistive technology; the checkbox it toggles is named by its aria-label */}
      <label
        htmlFor="nav-toggle"
        aria-hidden
        data-testid="nav-backdrop"
        className="fixed inset-0 z-30 hidden bg-slate-900/40 peer-checked:block md:!hidden"
      />
      <aside
        className={cn(
          "fixed inset-y-0 left-0 z-40 flex w-64 -translate-x-full flex-col bg-slate-900 text-slate-100 transition-transform",
          "peer-checked:translate-x-0 md:sticky md:top-0 md:h-screen md:translate-x-0 print:hidden",
        )}
        id="main-nav"
        aria-label="Menú principal"
        data-testid="sidebar"
      >
        <div className="border-b border-slate-800 px-5 py-4">
          <p className="text-lg font-semibold">{brand}</p>
          <p className="text-xs text-slate-400">Back office</p>
        </div>
        <nav className="flex-1 overflow-y-auto px-3 py-3">
          {Object.entries(groups).map(([group, list]) => (
            <div key={group} className="mb-3">
              <p className="px-2 pb-1 text-[11px] font-semibold uppercase tracking-wider text-slate-400">{group}</p>
              <ul>
                {list.map((item) => (
                  <li key={item.path}>
                    <NavLink
                      to={item.path}
                      prefetch="intent"
                      // The whole route manifest is in the browser (decision 0027): nothing to discover.
                      discover="none"
                      className={({ isActive }) =>
                        cn(
                          "block rounded-md px-2 py-1.5 text-sm",
                          isActive ? "bg-brand-600 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white",
                        )
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        {feedback}
        <div className="border-t border-slate-800 px-4 py-3">
          <p className="text-sm font-medium" data-testid="user-name">
            {user.firstName} {user.lastName}
          </p>
          <p className="text-xs text-slate-400" data-testid="user-role">
            {user.roleName}
            {user.isSurtido && user.level != null ? ` · Nivel ${user.level}` : null}
          </p>
          <Form method="post" action="/logout" className="mt-2">
            <button
              type="submit"
              className="w-full rounded-md border border-slate-700 px-2 py-1.5 text-sm text-slate-200 hover:bg-slate-800"
            >
              Cerrar sesión
            </button>
          </Form>
        </div>
      </aside>
    </>
  );
}
