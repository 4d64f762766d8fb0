import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// findBy*/waitFor wait up to 10 s instead of 1 s: what they wait for is a re-render, which a
// machine busy with other work delays by seconds. They return as soon as it happens.
configure({ asyncUtilTimeout: 10_000 });

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
