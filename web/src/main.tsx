import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import App from "./App";
import { createAppRouter, resolveLazyRoutes } from "./Router";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// The landing page arrives prerendered (landing.html, written by the build): adopt that HTML
// instead of replacing it, once the page's own code is loaded (it is preloaded with the HTML).
// A promise, not top-level await: with that, the bundler split the app into 42 preloaded chunks.
const prerendered = root.hasAttribute("data-prerendered") && window.location.pathname === "/";
if (prerendered) {
  void resolveLazyRoutes(window.location.pathname).then(() =>
    hydrateRoot(
      root,
      <StrictMode>
        <App router={createAppRouter()} hydrating />
      </StrictMode>,
    ),
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
