import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { WEB_WAIT_MS } from "../../test/support/bounds";

// findBy*/waitFor wait up to WEB_WAIT_MS instead of 1 s (test/support/bounds.ts).
configure({ asyncUtilTimeout: WEB_WAIT_MS });

// What Mantine needs from a browser that the DOM environment lacks or answers differently
// (as mantinedev/vite-template's vitest.setup.mjs): media queries that never match, a
// ResizeObserver that never fires, scrollIntoView, and document.fonts (autosized textareas
// listen to it).
Object.defineProperty(window, "matchMedia", {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
if (!("fonts" in document)) {
  Object.defineProperty(document, "fonts", { value: new EventTarget() });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
