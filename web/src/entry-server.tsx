import { buildCompetition, type Competition, type PublicCompetition } from "@tandem/competition";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouter,
  StaticRouterProvider,
} from "react-router";
import { unstable_serialize } from "swr";
import { AppProviders } from "./AppProviders";
import { type FilePreview, previewOf } from "./api/competition/preview";
import { COMPETITION_DOMAINS_KEY, type CompetitionDomain } from "./api/competition/requests";
import { domainLeaderboardKey, overallLeaderboardKey } from "./api/leaderboard/requests";
import { defaultDefinition, publicCompetitionOf } from "./competition/defaultDefinition";
import { domainFiles } from "./components/Domain/files";
import { FooterContent, PRERENDERED_FOOTER_ID } from "./components/Footer/Footer";
import type { PageData } from "./pageData";
import { routes } from "./Router";

export { PREVIEW_BYTES } from "./api/competition/preview";
export { PAGE_DATA_ID } from "./pageData";
export {
  PRERENDERED_PAGES,
  pageTemplateFile,
  prerenderedFile,
  REQUEST_RENDERED_MODULES,
  rendersFromDefinition,
  requestRenderedTemplate,
  SERVER_BUILD_DIR,
} from "./prerendered";

/**
 * The default edition as `GET /api/competition` answers it on a fresh install (version 0), the
 * clock read at build time. The gateway puts the current status into the page it serves, and
 * serves this prerender only while the active definition is still this one.
 */
export function defaultPublicCompetition(): PublicCompetition {
  return publicCompetitionOf(defaultDefinition());
}

/**
 * Renders a public page to HTML at build time (scripts/prerender.mjs), as a signed-out visitor
 * sees it before any script runs, from `competition`. Only pages without data loading belong
 * here (src/prerendered.ts).
 */
export async function render(
  pathname: string,
  competition: PublicCompetition,
  pageData: PageData | null = null,
): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} redirects; nothing to prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders competition={competition} pageData={pageData}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}

/**
 * A prerendered page's footer as static HTML, to follow #root: the app renders it through a
 * portal at the end of <body>, which cannot be prerendered, and the page may be read a while
 * before the app is loaded (docs/adr/0024). The app's own footer replaces it.
 */
export function renderFooter(competition: PublicCompetition, pathname = "/"): string {
  const html = renderToString(
    <AppProviders competition={competition}>
      <StaticRouter location={pathname}>
        <FooterContent />
      </StaticRouter>
    </AppProviders>,
  );
  return `<div id="${PRERENDERED_FOOTER_ID}">${html}</div>`;
}

/** The start of a public dataset file, as a ranged read of PREVIEW_BYTES gives it. */
export interface FileStart {
  text: string;
  /** False when the file goes on past `text`. */
  complete: boolean;
}

/**
 * The dataset files a domain page previews on its first render (DataPreview's first file, and
 * a challenge's first file where it has no sample rows), by their `/static/` URL.
 */
export function previewedFiles(domain: CompetitionDomain): string[] {
  const urls = new Set<string>();
  const first = domainFiles(domain)[0];
  if (first) urls.add(first.url);
  for (const challenge of domain.challenges) {
    const [header, ...rows] = challenge.sample_data;
    const file = challenge.files[0];
    if (!(header && rows.length > 0) && file) urls.add(`${domain.files_url}${file}`);
  }
  return [...urls];
}

/**
 * A domain page as the app shows it once its loading time is over, rendered per request by the
 * gateway (docs/adr/0027) from what `GET /api/competition/domains` answers and the start of
 * each previewed file (`readStart`, null when it cannot be read). Null when the page is not one
 * of `domains` or a preview is missing: the gateway then serves the app shell, as before.
 * `data` goes into the page's #tandem-page-data script, so the browser renders the same.
 */
export async function renderDomainPage(
  pathname: string,
  competition: PublicCompetition,
  domains: CompetitionDomain[],
  readStart: (url: string) => Promise<FileStart | null>,
  renderedAt: Date,
): Promise<{ html: string; footer: string; data: PageData } | null> {
  const route = pathname.replace(/\/+$/, "");
  const domain = domains.find((candidate) => candidate.route === route);
  if (!domain) return null;
  const fallback: Record<string, unknown> = { [COMPETITION_DOMAINS_KEY]: domains };
  for (const url of previewedFiles(domain)) {
    const start = await readStart(url);
    if (!start) return null;
    const preview: FilePreview = previewOf(url, start.text, start.complete);
    fallback[unstable_serialize(["file-preview", url])] = preview;
  }
  const data: PageData = { fallback, renderedAt: renderedAt.toISOString() };
  const html = await render(pathname, competition, data);
  return { html, footer: renderFooter(competition, pathname), data };
}

/** A board a leaderboard page reads: `key` is its SWR key, `board` the rankings cache's name. */
export interface LeaderboardRead {
  key: string;
  /** "overall", or a domain's slug. */
  board: string;
}

/** Built once per definition object: the gateway asks on every leaderboard request. */
const built = new WeakMap<PublicCompetition["definition"], Competition>();
function competitionOf(definition: PublicCompetition["definition"]): Competition {
  let competition = built.get(definition);
  if (!competition) {
    competition = buildCompetition(definition);
    built.set(definition, competition);
  }
  return competition;
}

const DOMAIN_LEADERBOARD_PAGE = /^\/leaderboard\/domain\/([^/]+)$/;

/**
 * What a leaderboard page reads on its first render for a signed-out reader (docs/adr/0028):
 * under `leaderboard_visibility: public` its board, under any other the gate, which reads
 * nothing. Null when `pathname` is no leaderboard page of `competition` (the gateway then
 * serves the app shell).
 */
export function leaderboardReads(
  pathname: string,
  competition: PublicCompetition,
): LeaderboardRead[] | null {
  const open = competition.leaderboard_visibility === "public";
  if (pathname === "/leaderboard") {
    return open ? [{ key: overallLeaderboardKey(), board: "overall" }] : [];
  }
  const name = DOMAIN_LEADERBOARD_PAGE.exec(pathname)?.[1];
  if (name === undefined) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    return null;
  }
  const domain = competitionOf(competition.definition).findDomain(decoded);
  if (!domain) return null;
  // The page asks by slug whatever name the address uses (pages/DomainLeaderboardPage.tsx).
  return open ? [{ key: domainLeaderboardKey(domain.slug), board: domain.slug }] : [];
}

/**
 * A leaderboard page as a signed-out reader sees it, rendered per request by the gateway
 * (docs/adr/0028) from the boards `leaderboardReads` named, by their SWR key. `data` goes into
 * the page's #tandem-page-data script, so the browser's first render is the same.
 */
export async function renderLeaderboardPage(
  pathname: string,
  competition: PublicCompetition,
  boards: Record<string, unknown>,
  renderedAt: Date,
): Promise<{ html: string; data: PageData }> {
  const data: PageData = { fallback: boards, renderedAt: renderedAt.toISOString() };
  return { html: await render(pathname, competition, data), data };
}
