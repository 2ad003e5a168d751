import { Link } from "react-router";

/**
 * The button that closes a route dialog: a link back to the list it was opened from (with the
 * list's query), so it works without JavaScript and keeps the scroll where it was.
 */
export function CloseLink({ to, className = "btn-secondary", children }: { to: string; className?: string; children: React.ReactNode }) {
  return (
    <Link to={to} preventScrollReset className={className}>
      {children}
    </Link>
  );
}
