import { describe, expect, it } from "vitest";
import { assignableRoles, mayManage } from "~/modules/users/manage-rule";

/*
 * The rule: only a Developer may create a Developer, give the Developer role, or change anything of an
 * existing Developer account; every other account is any users-admin's to manage; the command line
 * (no actor) may do anything.
 */
const CASES: Array<[actor: string | null, target: string, allowed: boolean]> = [
  ["developer", "developer", true],
  ["developer", "admin", true],
  ["developer", "cajero", true],
  ["admin", "developer", false],
  ["admin", "admin", true],
  ["admin", "ml_manager", true],
  ["admin", "surtido", true],
  ["ml_manager", "developer", false],
  ["gerente_pdv", "developer", false],
  ["cajero", "cajero", true],
  ["", "developer", false],
  ["Developer", "developer", false],
  [null, "developer", true],
  [null, "admin", true],
];

describe("who may manage a user account", () => {
  it.each(CASES)("%s acting on %s → %s", (actor, target, allowed) => {
    expect(mayManage(actor, target)).toBe(allowed);
  });

  it("offers the Developer role only to a Developer and to the command line", () => {
    expect(assignableRoles("admin")).not.toContain("developer");
    expect(assignableRoles("admin")).toEqual([
      "admin",
      "ml_manager",
      "shop_manager",
      "iluminacion",
      "inventory",
      "practicante",
      "cajero",
      "gerente_pdv",
      "surtido",
    ]);
    expect(assignableRoles("developer")).toContain("developer");
    expect(assignableRoles(null)).toContain("developer");
  });
});
