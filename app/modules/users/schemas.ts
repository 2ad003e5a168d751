import { PASSWORD_TOO_LONG, passwordFitsBcrypt } from "~/modules/auth/password-rules";
import { z } from "zod";
import { PERMISSION_KEYS, ROLE_KEYS, type Permission, type Role } from "@common/roles";
import { LEVEL_MAX, LEVEL_MIN, LEVELED_ROLE, PASSWORD_MIN } from "./user-rules";

/**
 * Zod schemas shared by the user forms (native constraints, client validation), the actions (server
 * re-validation) and the `user:create` command line.
 */
export * from "./user-rules";

const roleEnum = z.enum(ROLE_KEYS as [Role, ...Role[]], {
  errorMap: (_issue, ctx) => ({ message: ctx.data === undefined ? "Selecciona un rol" : "Selecciona un rol válido" }),
});
const permissionEnum = z.enum(PERMISSION_KEYS as [Permission, ...Permission[]], {
  errorMap: () => ({ message: "Permiso desconocido" }),
});

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}: máximo ${max} caracteres`)
    .optional()
    .transform((v) => (v ? v : null));

/** "VENTAS1, VENTAS2" or one per line → ["VENTAS1", "VENTAS2"] (trimmed, no blanks, no repeats). */
export function parseErpUsers(text: string | null | undefined): string[] {
  if (!text) return [];
  const seen = new Set<string>();
  for (const part of text.split(/[,;\n\r]+/)) {
    const value = part.trim();
    if (value) seen.add(value);
  }
  return [...seen];
}

export const passwordSchema = z
  .string({ required_error: "Ingresa la contraseña" })
  .min(PASSWORD_MIN, `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`)
  .max(200, "La contraseña es demasiado larga")
  .refine(passwordFitsBcrypt, PASSWORD_TOO_LONG);

const confirmPasswordSchema = z.string({ required_error: "Confirma la contraseña" }).max(200);

export const userShape = {
  firstName: z.string({ required_error: "Ingresa el nombre" }).trim().min(1, "Ingresa el nombre").max(100, "Nombre: máximo 100 caracteres"),
  lastName: z.string().trim().max(100, "Apellidos: máximo 100 caracteres").optional().default(""),
  email: z
    .string({ required_error: "Ingresa el correo electrónico" })
    .trim()
    .toLowerCase()
    .email("Ingresa un correo electrónico válido")
    .max(200, "Correo: máximo 200 caracteres"),
  phone: z
    .string()
    .trim()
    .max(30, "Teléfono: máximo 30 caracteres")
    .regex(/^[0-9+()\-.\s]*$/, "El teléfono solo puede tener números, espacios y + ( ) - .")
    .optional()
    .transform((v) => (v ? v : null)),
  role: roleEnum,
  level: z
    .number({ invalid_type_error: `El nivel debe ser un número del ${LEVEL_MIN} al ${LEVEL_MAX}` })
    .int(`El nivel debe ser un número entero del ${LEVEL_MIN} al ${LEVEL_MAX}`)
    .min(LEVEL_MIN, `El nivel debe estar entre ${LEVEL_MIN} y ${LEVEL_MAX}`)
    .max(LEVEL_MAX, `El nivel debe estar entre ${LEVEL_MIN} y ${LEVEL_MAX}`)
    .optional(),
  erpUsers: z
    .string()
    .max(2000, "Usuarios ERP: máximo 2000 caracteres")
    .optional()
    .transform(parseErpUsers)
    .refine((list) => list.every((u) => u.length <= 50), "Cada usuario ERP admite máximo 50 caracteres"),
  intelisisAgent: optionalText(50, "Agente intelisis"),
  permissions: z
    .array(permissionEnum)
    .default([])
    .transform((list) => [...new Set(list)]),
  isActive: z.boolean().default(false),
};

type LevelFields = { role: Role; level?: number | null };

function levelRule(value: LevelFields, ctx: z.RefinementCtx) {
  if (value.role === LEVELED_ROLE && value.level == null) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["level"],
      message: `El nivel es obligatorio para Surtido (del ${LEVEL_MIN} al ${LEVEL_MAX})`,
    });
  }
}

function matchRule(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["confirmPassword"], message: "Las contraseñas no coinciden" });
  }
}

/** The level only exists for Surtido; any other role stores none. */
function normalizeLevel<T extends LevelFields>(value: T): Omit<T, "level"> & { level: number | null } {
  return { ...value, level: value.role === LEVELED_ROLE ? (value.level ?? null) : null };
}

/** A new user with a password: what the create command needs (the command line validates with this). */
export const NewUserSchema = z
  .object({ ...userShape, password: passwordSchema })
  .superRefine(levelRule)
  .transform(normalizeLevel);
export type NewUser = z.output<typeof NewUserSchema>;

/** The "Nuevo usuario" dialog: the same fields plus the password typed twice. */
export const UserCreateSchema = z
  .object({ ...userShape, password: passwordSchema, confirmPassword: confirmPasswordSchema })
  .superRefine((value, ctx) => {
    levelRule(value, ctx);
    matchRule(value, ctx);
  })
  .transform(normalizeLevel);

/** The profile form of the edit dialog (password, code and status have their own forms). */
export const UserUpdateSchema = z.object(userShape).superRefine(levelRule).transform(normalizeLevel);
export type UserUpdate = z.output<typeof UserUpdateSchema>;

export const PasswordResetSchema = z.object({ password: passwordSchema, confirmPassword: confirmPasswordSchema }).superRefine(matchRule);

/** The forms of the edit dialog, told apart by their `intent` field. */
export const USER_INTENTS = ["save", "reset-password", "confirm-code", "deactivate", "reactivate"] as const;
export type UserIntent = (typeof USER_INTENTS)[number];
export const IntentSchema = z.enum(USER_INTENTS);

/** Filters of the users list, as read from the URL. */
export const USERS_PAGE_SIZE = 20;

export * from "./list-options";
