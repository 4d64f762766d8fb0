import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import App from "./App";
import { readInjectedCompetition } from "./competition/injected";
import { createAppRouter, resolveLazyRoutes } from "./Router";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// The gateway puts the active competition into the page: the first render needs no request.
const competition = readInjectedCompetition();

// The landing page arrives prerendered (landing.html, written by the build): adopt that HTML
// instead of replacing it, once the page's own code is loaded (it is preloaded with the HTML).
// A promise, not top-level await: with that, the bundler split the app into 42 preloaded chunks.
// Without the competition it was rendered from, it can only be rendered anew.
const prerendered =
  competition !== null && root.hasAttribute("data-prerendered") && window.location.pathname === "/";
if (prerendered) {
  void resolveLazyRoutes(window.location.pathname).then(() =>
    hydrateRoot(
      root,
      <StrictMode>
        <App router={createAppRouter()} hydrating competition={competition} />
      </StrictMode>,
    ),
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} competition={competition} />
    </StrictMode>,
  );
}
