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
  // What a signed-out reader sees under the build's leaderboard_visibility (docs/adr/0027): the
  // app has no footer there.
  { path: "/leaderboard", module: "LeaderboardPage", footer: false },
] as const;

/**
 * Whether `path`'s first render needs only the definition. Open to everyone, /leaderboard shows
 * the rankings, which are data: left to the app (the gateway then serves the shell, docs/adr/0027).
 */
export function rendersFromDefinition(
  path: string,
  definition: { leaderboard_visibility: string },
): boolean {
  return !(path === "/leaderboard" && definition.leaderboard_visibility === "public");
}

/** A page module's document as Vite writes it, before the prerender fills it (then removed). */
export const pageTemplateFile = (module: string) => `page-templates/${module}.html`;

/**
 * Where the prerendered page for `path` lies in dist. The gateway
 * (services/gateway/src/plugins/web-static.ts) looks pages up by the same rule.
 */
export const prerenderedFile = (path: string) =>
  path === "/" ? "landing.html" : `pages${path}.html`;

/**
 * The documents of the pages the gateway renders per request (index.html with the first script,
 * as for the pages above), left in dist by the prerender: the domain pages (docs/adr/0027) and
 * the leaderboards (docs/adr/0028). The gateway fills them with the server build, which the
 * prerender leaves at SERVER_BUILD_FILE. The gateway
 * (services/gateway/src/plugins/web-static.ts) names these files by the same rule and never
 * serves what lies under pages/ as files.
 */
export const REQUEST_RENDERED_MODULES = [
  "DomainPage",
  "LeaderboardPage",
  "DomainLeaderboardPage",
] as const;
export const requestRenderedTemplate = (module: string) => `pages/_request/${module}.html`;
export const SERVER_BUILD_DIR = "pages/_server";
export const SERVER_BUILD_FILE = `${SERVER_BUILD_DIR}/entry-server.js`;
