import bcrypt from "bcryptjs";
import type { Db } from "../client";
import { users } from "../schema";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo-users";

export async function seedDemoUsers(db: Db) {
  // One hash for all: the password is the same and bcrypt is deliberately slow.
  const hash = await bcrypt.hash(DEMO_PASSWORD, 10);
  const rows = await db
    .insert(users)
    .values(
      DEMO_USERS.map((d) => ({
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        role: d.role,
        level: d.level ?? null,
        passwordHash: hash,
        permissions: d.permissions ?? [],
        erpUsers: d.erpUsers ?? [],
        intelisisAgent: d.intelisisAgent ?? null,
      })),
    )
    .returning({ id: users.id, email: users.email, role: users.role });
  return rows;
}
