import type { Role } from "@common/roles";

/*
 * The user forms' limits and readings that the pages show, apart from the schemas (./schemas.ts):
 * the dialogs import these, and fetch the schemas only to check fields (app/lib/lazy-validation.ts).
 */

export const PASSWORD_MIN = 8;
export const LEVEL_MIN = 1;
export const LEVEL_MAX = 9;
/** The only role whose level means something (spec: Surtido shows its level). */
export const LEVELED_ROLE: Role = "surtido";

export function formatErpUsers(list: readonly string[] | null | undefined): string {
  return (list ?? []).join("\n");
}
