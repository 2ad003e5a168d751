export * from "~/modules/files/files.server";
