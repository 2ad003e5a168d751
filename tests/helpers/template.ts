import path from "node:path";

export const templateFileFor = (pid: number) => path.resolve(`tests/.tmp/template-db-${pid}.tar`);
export const templateDbFor = (pid: number) => `bo_test_template_${pid}`;

/** The maintenance database URL for creating and dropping test databases. */
export function adminUrl(url: string) {
  const u = new URL(url);
  u.pathname = "/postgres";
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    templateFile: string;
    templateDb: string;
  }
}
