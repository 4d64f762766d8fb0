import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import App from "./App";
import { readInjectedCompetition } from "./competition/injected";
import { readPageData } from "./pageData";
import { createAppRouter, resolveLazyRoutes } from "./Router";

export interface StartOptions {
  /**
   * Called once the page's code has loaded, just before React adopts or replaces what #root
   * holds: the prerendered pages' own script (landing/boot.ts) stops moving the page then.
   */
  beforeRender?: () => void;
}

/** Renders the app into #root, or adopts the prerendered page there. */
export function startApp({ beforeRender }: StartOptions = {}): void {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");

  // The gateway puts the active competition into the page: the first render needs no request.
  const competition = readInjectedCompetition();

  // The public pages arrive prerendered (src/prerendered.ts, written by the build): adopt that
  // HTML instead of replacing it, once the page's own code is loaded.
  // A promise, not top-level await: with that, the bundler split the app into 42 preloaded chunks.
  // Without the competition it was rendered from, or at another path than the one it was
  // rendered for (/landing.html), it can only be rendered anew.
  const prerendered = competition !== null && root.dataset.prerendered === window.location.pathname;
  if (prerendered) {
    void resolveLazyRoutes(window.location.pathname).then(() => {
      beforeRender?.();
      hydrateRoot(
        root,
        <StrictMode>
          <App
            router={createAppRouter()}
            hydrating
            competition={competition}
            pageData={readPageData()}
          />
        </StrictMode>,
      );
    });
  } else {
    beforeRender?.();
    createRoot(root).render(
      <StrictMode>
        <App router={createAppRouter()} competition={competition} />
      </StrictMode>,
    );
  }
}
