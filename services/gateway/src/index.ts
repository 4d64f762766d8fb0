export { type AppDeps, buildApp } from "./app";
export { ADMIN_EMAIL_FORM_MESSAGE, ADMIN_REFUSED_MESSAGE, ensureAdmin } from "./bootstrap-admin";
export { type AppConfig, loadConfig } from "./config";
export type { ScoringDispatcher } from "./dispatch/dispatcher";
