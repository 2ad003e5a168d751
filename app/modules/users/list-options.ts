/** The users list's option tables, apart from the form schemas (the list loads no zod). */
export const USER_STATUSES = { active: "Activos", inactive: "Inactivos" } as const;
export type UserStatus = keyof typeof USER_STATUSES;
export const USER_SORTS = ["name", "email", "role", "level", "status", "lastLogin", "created"] as const;
export type UserSort = (typeof USER_SORTS)[number];
