import { users } from "@server/db/schema";

/** Who a user is — name, contact, role and level — as the session and the users screens select it. */
export const userIdentityColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  role: users.role,
  level: users.level,
};
