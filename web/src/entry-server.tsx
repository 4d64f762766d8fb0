import type { PublicCompetition } from "@tandem/competition";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouter,
  StaticRouterProvider,
} from "react-router";
import { AppProviders } from "./AppProviders";
import { defaultDefinition, publicCompetitionOf } from "./competition/defaultDefinition";
import { FooterContent, PRERENDERED_FOOTER_ID } from "./components/Footer/Footer";
import { routes } from "./Router";

export { PRERENDERED_PAGES, pageTemplateFile, prerenderedFile } from "./prerendered";

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
export async function render(pathname: string, competition: PublicCompetition): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} redirects; nothing to prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders competition={competition}>
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
