import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Marks the code that runs inside a database transaction, so that a call to a legacy system from
 * there fails at once instead of holding a connection (and, on the embedded database, its only
 * connection) across a remote call. The scope is closed when the transaction ends: work it started
 * and left running (a timer, an outbox kick) is no longer inside it.
 */
type Scope = { open: boolean };
const scopes = new AsyncLocalStorage<Scope>();

function storage(): AsyncLocalStorage<Scope> {
  return scopes;
}

export async function inTransactionScope<T>(fn: () => Promise<T>): Promise<T> {
  const scope: Scope = { open: true };
  try {
    return await storage().run(scope, fn);
  } finally {
    scope.open = false;
  }
}

export function insideTransaction(): boolean {
  return storage().getStore()?.open === true;
}

/** Wraps `db.transaction` so that every transaction body runs inside the scope. */
export function markTransactions<D extends { transaction: (...args: never[]) => Promise<unknown> }>(db: D): D {
  const original = db.transaction.bind(db) as (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>;
  const marked = (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => original((tx) => inTransactionScope(() => fn(tx)), config);
  (db as { transaction: unknown }).transaction = marked;
  return db;
}
