/**
 * The public pages the web build prerenders (scripts/prerender.mjs; docs/adr/0025), each with the
 * page module that renders it: vite.config.ts writes each module's document (its styles, the
 * first script), the prerender fills it. Only pages whose first render needs nothing but the
 * competition definition belong here.
 */
export const PRERENDERED_PAGES = [
  { path: "/", module: "HomePage" },
  { path: "/about", module: "AboutPage" },
  { path: "/rules", module: "RulesPage" },
  { path: "/resources", module: "ResourcesPage" },
  { path: "/sponsors", module: "SponsorsPage" },
  { path: "/domains", module: "DomainsPage" },
  // Forms (docs/adr/0026): what is typed before the app adopts the page is kept. They have no
  // footer, so none is prerendered after them (scripts/prerender.mjs).
  { path: "/login", module: "LoginPage", footer: false },
  { path: "/register", module: "RegisterPage", footer: false },
] as const;

/** A page module's document as Vite writes it, before the prerender fills it (then removed). */
export const pageTemplateFile = (module: string) => `page-templates/${module}.html`;

/**
 * Where the prerendered page for `path` lies in dist. The gateway
 * (services/gateway/src/plugins/web-static.ts) looks pages up by the same rule.
 */
export const prerenderedFile = (path: string) =>
  path === "/" ? "landing.html" : `pages${path}.html`;
