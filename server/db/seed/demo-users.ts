import { ROLES, type Role } from "@common/roles";

export const DEMO_PASSWORD = "demo1234";

type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  roleLabel: string;
  level?: number;
  permissions?: string[];
  erpUsers?: string[];
  intelisisAgent?: string;
};

const u = (email: string, firstName: string, lastName: string, role: Role, extra: Partial<DemoUser> = {}): DemoUser => ({
  email,
  firstName,
  lastName,
  role,
  roleLabel: ROLES[role],
  ...extra,
});

/** One user per role; the MercadoLibre Manager holds every permission flag so each screen can be tried. */
export const DEMO_USERS: DemoUser[] = [
  u("admin@demo.mx", "Ana", "Martínez", "admin", { erpUsers: ["VENTAS1"], intelisisAgent: "AMTZ" }),
  u("developer@demo.mx", "Diego", "Hernández", "developer", { erpUsers: ["VENTAS1", "VENTAS2"], intelisisAgent: "DHDZ" }),
  u("mlmanager@demo.mx", "Mariana", "López", "ml_manager", {
    permissions: ["sales_reports", "invoice_link_toggle", "question_moderation", "messages_access", "description_visibility"],
    erpUsers: ["VENTAS2"],
    intelisisAgent: "MLPZ",
  }),
  u("shopmanager@demo.mx", "Sergio", "Ramírez", "shop_manager"),
  u("iluminacion@demo.mx", "Isabel", "Flores", "iluminacion"),
  u("inventory@demo.mx", "Iván", "Torres", "inventory"),
  u("practicante@demo.mx", "Paola", "Gómez", "practicante"),
  u("cajero@demo.mx", "Carlos", "Díaz", "cajero"),
  u("gerentepdv@demo.mx", "Gabriela", "Ruiz", "gerente_pdv"),
  u("surtido@demo.mx", "Saúl", "Mendoza", "surtido", { level: 2 }),
];
