import { insideTransaction } from "../db/transaction-scope";
import type { Integrations } from "./types";

export class CallInsideTransactionError extends Error {
  constructor(readonly target: string) {
    super(
      `${target}: llamada a un sistema externo dentro de una transacción de la base de datos. ` +
        "Llama a las integraciones fuera de db.transaction() (consulta primero, guarda después).",
    );
    this.name = "CallInsideTransactionError";
  }
}

/** A port whose every call first checks that no database transaction is open in its async context. */
function guardPort<P extends object>(system: string, port: P): P {
  return new Proxy(port, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return function guarded(this: unknown, ...args: unknown[]) {
        if (insideTransaction()) throw new CallInsideTransactionError(`${system}.${String(property)}`);
        return value.apply(this === receiver ? target : this, args);
      };
    },
  });
}

/** Every port of the bundle, guarded (the rule of docs/conventions.md "Legacy systems", enforced). */
export function guardAgainstTransactions(integrations: Integrations): Integrations {
  return {
    ...integrations,
    erp: guardPort("erp", integrations.erp),
    marketplace: guardPort("marketplace", integrations.marketplace),
    ai: guardPort("ai", integrations.ai),
    invoicing: guardPort("invoicing", integrations.invoicing),
    content: guardPort("content", integrations.content),
  };
}
