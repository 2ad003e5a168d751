/** The signed-in user as every module receives it (read from the session by app/lib/auth/session.server.ts). */
export type SessionUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: string;
  level: number | null;
  intelisisAgent: string | null;
  erpUsers: string[];
  permissions: string[];
  sessionId: string;
};
