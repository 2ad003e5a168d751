/**
 * A screen whose data the legacy system could not give: what failed, the system's message, and
 * (as children) what the user can do next, such as a retry link.
 */
export function FailedLoad({ title, message, children }: { title: string; message: string; children?: React.ReactNode }) {
  return (
    <div className="card border-red-200 bg-red-50 p-4 text-sm text-red-800" role="alert">
      <p className="font-medium">{title}</p>
      <p className="mt-1">{message}</p>
      {children}
    </div>
  );
}
