export { type AppDeps, buildApp } from "./app";
export { ADMIN_REFUSED_MESSAGE, ensureAdmin } from "./bootstrap-admin";
export { type AppConfig, loadConfig } from "./config";
export type { ScoringDispatcher } from "./dispatch/dispatcher";
