export * from "./auth";
export * from "./system";
export * from "./catalog";
export * from "./marketplace";
export * from "./orders";
export * from "./messaging";
export * from "./sales";
export * from "./sim";
