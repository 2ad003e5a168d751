export * from "./images.server";
export * from "./library.server";
export * from "./pdfs.server";
export * from "./storage.server";
export * from "./bundled.server";
