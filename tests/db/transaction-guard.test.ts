import { describe, expect, it } from "vitest";
import { getDb } from "../../server/db/client";
import { insideTransaction } from "../../server/db/transaction-scope";
import { CallInsideTransactionError, getIntegrations } from "../../server/integrations";
import { useTestDatabase } from "../helpers/db";

await useTestDatabase();

describe("no legacy call inside a database transaction", () => {
  it("a port called from inside db.transaction() fails at once, naming the call; the transaction rolls back", async () => {
    const attempt = getDb().transaction(async () => {
      await getIntegrations().erp.listUsers();
    });
    await expect(attempt).rejects.toBeInstanceOf(CallInsideTransactionError);
    await expect(attempt).rejects.toThrow(/^erp\.listUsers: llamada a un sistema externo dentro de una transacción/);
  });

  it("a nested transaction (savepoint) is inside too", async () => {
    const attempt = getDb().transaction(async (tx) => {
      await tx.transaction(async () => {
        await getIntegrations().marketplace.getSchedule();
      });
    });
    await expect(attempt).rejects.toBeInstanceOf(CallInsideTransactionError);
  });

  it("the same call outside a transaction, or after the transaction has ended, goes through", async () => {
    let later: Promise<unknown> | undefined;
    await getDb().transaction(async () => {
      expect(insideTransaction()).toBe(true);
      // Work started inside and left running (an outbox kick) runs after the commit.
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => getIntegrations().marketplace.getSchedule());
    });
    expect(insideTransaction()).toBe(false);
    await expect(later).resolves.not.toBeInstanceOf(Error);
    await expect(getIntegrations().erp.listUsers()).resolves.toBeDefined();
  });
});
