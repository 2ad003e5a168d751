import path from "node:path";

export const TEMPLATE_FILE = path.resolve("tests/.tmp/template-db.tar");
export const TEMPLATE_DB = "bo_test_template";

/** The maintenance database URL for creating and dropping test databases. */
export function adminUrl(url: string) {
  const u = new URL(url);
  u.pathname = "/postgres";
  return u.toString();
}
