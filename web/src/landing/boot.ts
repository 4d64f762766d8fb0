/**
 * The prerendered public pages' only script at first (landing.html and dist/pages; docs/adr/0024,
 * 0025). Each page arrives prerendered, so nothing needs the app (React, Mantine, the router, the
 * contracts) until the visitor does something with it: this script runs the landing page's
 * carousels and logo loop, and loads the app on the first sign of input, at once for a visitor
 * with a session (the header shows their account) or when a banner has to show, the way every
 * other page starts. A header button clicked before the app took over is clicked again once it
 * has, and a form submitted before is submitted again (the sign-in and registration forms keep
 * what was typed: docs/adr/0026).
 */
import { PUBLIC_CONFIG_PATH, toPublicConfig } from "../api/config/parse";
import { mayHaveSession } from "../auth/sessionKeys";
import { bannersOf, readDismissed } from "../components/Layout/banners";
import { showGithubOff } from "./githubOff";
import { logoLoop } from "./logoLoop";
import { activeIndexOf, setOf } from "./rotationDom";

const root = document.getElementById("root");
const stops: (() => void)[] = [];
/** A button of the app's (not a carousel's) clicked before the app took over. */
let pendingClick: HTMLElement | null = null;
/** A list picked from before the app took over (a domain page's data preview), and the pick. */
let pendingChoice: { select: HTMLSelectElement; value: string } | null = null;
let started = false;

// Pointer, touch, wheel and keyboard: any of them may be the start of using a menu or a link.
// A list picked from without any of them (assistive technology) too.
const INTENT = [
  "pointerover",
  "pointerdown",
  "touchstart",
  "wheel",
  "keydown",
  "focusin",
  "change",
];

function startApp() {
  if (started) return;
  started = true;
  for (const type of INTENT) document.removeEventListener(type, startApp, true);
  void import("../start").then(({ startApp: start }) =>
    start({
      beforeRender() {
        // From here React owns the page and replays the input that reaches it while hydrating.
        for (const stop of stops) stop();
      },
    }),
  );
}

function recordClicks() {
  const record = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.("button");
    // A form's submit button is left to holdFormInput: its click submits the form.
    if (button?.form && button.type === "submit") return;
    if (button && root?.contains(button) && !button.closest("[data-rotation]")) {
      pendingClick = button;
    }
  };
  const recordChoice = (event: Event) => {
    const select = event.target;
    if (select instanceof HTMLSelectElement && root?.contains(select)) {
      pendingChoice = { select, value: select.value };
    }
  };
  document.addEventListener("click", record, true);
  document.addEventListener("change", recordChoice, true);
  stops.push(() => {
    document.removeEventListener("click", record, true);
    document.removeEventListener("change", recordChoice, true);
  });
  if (!root) return;
  // App removes data-prerendered once the page is adopted and responds to input.
  const observer = new MutationObserver(() => {
    if (root.hasAttribute("data-prerendered")) return;
    observer.disconnect();
    if (pendingClick?.isConnected) pendingClick.click();
    pendingClick = null;
    // The app rendered the list with its own first choice: pick again, as the visitor did.
    const choice = pendingChoice;
    if (choice?.select.isConnected && choice.select.value !== choice.value) {
      choice.select.value = choice.value;
      choice.select.dispatchEvent(new Event("change", { bubbles: true }));
    }
    pendingChoice = null;
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-prerendered"] });
}

/**
 * What a visitor does in a form before the app has adopted the page (docs/adr/0026). What they
 * type stays in the fields and the app takes it from there (useInputBeforeAdoption); what the
 * app would have done meanwhile is done once it is there:
 * - a field left, which the form validates on leaving: it is left again;
 * - a submit (Enter in a field, or its button), which the browser would send as a page load,
 *   losing what was typed: it is held, then submitted again, once.
 * Until the app has adopted the page, not only until it starts to: while React hydrates it drops
 * focus events, and handles a submit only if a click came first (then it prevents the default,
 * and the submit is not held).
 */
function holdFormInput() {
  const left = new Set<HTMLElement>();
  let pending: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const onFocusOut = (event: FocusEvent) => {
    const field = event.target;
    if (field instanceof HTMLElement && field.closest("form") && root?.contains(field)) {
      left.add(field);
    }
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !root?.contains(form)) {
      return;
    }
    event.preventDefault();
    pending = { form, submitter: event.submitter };
  };
  document.addEventListener("focusout", onFocusOut, true);
  // Bubbling: after React's own listener on #root, which prevents the default of one it handles.
  document.addEventListener("submit", onSubmit);
  onAdopted(() => {
    document.removeEventListener("focusout", onFocusOut, true);
    document.removeEventListener("submit", onSubmit);
    for (const field of left) {
      if (field.isConnected && field !== document.activeElement) {
        field.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
      }
    }
    if (!pending?.form.isConnected) return;
    const { form, submitter } = pending;
    const button = submitter instanceof HTMLButtonElement && submitter.form === form;
    form.requestSubmit(button ? submitter : null);
  });
}

/** Calls `then` once the app has adopted the page (it removes `data-prerendered` then). */
function onAdopted(then: () => void) {
  if (!root) return;
  const observer = new MutationObserver(() => {
    if (root.hasAttribute("data-prerendered")) return;
    observer.disconnect();
    then();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-prerendered"] });
}

async function bannerToShow(): Promise<boolean> {
  try {
    const response = await fetch(`/api${PUBLIC_CONFIG_PATH}`, {
      headers: { accept: "application/json" },
    });
    if (!response.ok) return false;
    const config = toPublicConfig(await response.json());
    const { paused, announcement } = bannersOf(config, readDismissed());
    // The sign-in page disables its GitHub button, saying why, in a deployment without GitHub:
    // the prerendered page has both, so this script does it and the app waits for input.
    if (signInPage && !config.github_enabled) showGithubOff(document);
    return paused || announcement !== null;
  } catch {
    // The app, once loaded, asks again and shows what it gets.
    return false;
  }
}

interface RotatingSet {
  element: HTMLElement;
  items: HTMLElement[];
  index: number;
  intervalMs: number;
  timer?: number;
}

/** One carousel region, as web/src/components/Landing/rotation.ts runs it in the app. */
function runRegion(region: HTMLElement, reducedMotion: boolean) {
  let playing = !reducedMotion;
  let hovered = false;
  let focused = false;
  let running = false;
  const toggle = region.querySelector<HTMLElement>("[data-rotation-toggle]");
  const dots = [...region.querySelectorAll<HTMLElement>("[data-rotation-dots] > button")];
  const sets: RotatingSet[] = [...region.querySelectorAll<HTMLElement>("[data-rotation-set]")].map(
    (element) => ({
      element,
      items: [...element.children] as HTMLElement[],
      index: activeIndexOf(element),
      intervalMs: Number(element.dataset.intervalMs),
    }),
  );
  const slides = sets.find((set) => set.element === setOf(region, "slides"));
  const track = region.querySelector<HTMLElement>("[data-loop-ms]");
  // Reduced motion: the app shows one still row of logos, without the copy or the button.
  const moving = region.hasAttribute("data-moving") && !reducedMotion;
  if (track && !moving) {
    region.removeAttribute("data-moving");
    for (const copy of track.querySelectorAll("li[aria-hidden]")) copy.remove();
    toggle?.remove();
  }

  const schedule = (set: RotatingSet) => {
    window.clearTimeout(set.timer);
    if (!running || set.items.length < 2) return;
    set.timer = window.setTimeout(() => show(set, set.index + 1), set.intervalMs);
  };
  const show = (set: RotatingSet, to: number) => {
    const count = set.items.length;
    set.index = ((to % count) + count) % count;
    set.items.forEach((item, i) => {
      item.toggleAttribute("data-active", i === set.index);
      if (item.hasAttribute("aria-hidden"))
        item.setAttribute("aria-hidden", String(i !== set.index));
    });
    if (set === slides) {
      dots.forEach((dot, i) => {
        if (i === set.index) dot.setAttribute("aria-current", "true");
        else dot.removeAttribute("aria-current");
      });
    }
    schedule(set);
  };

  const loop = track && logoLoop(track, Number(track.dataset.loopMs));
  const update = () => {
    const wasRunning = running;
    running = playing && !hovered && !focused;
    if (toggle?.isConnected) {
      toggle.toggleAttribute("data-playing", playing);
      toggle.setAttribute("aria-label", `${playing ? "Pause" : "Play"} ${toggle.dataset.subject}`);
    }
    for (const set of sets) {
      if (set.element.hasAttribute("aria-live")) {
        set.element.setAttribute("aria-live", running ? "off" : "polite");
      }
      if (running !== wasRunning) schedule(set);
    }
    loop?.run(running && moving);
  };

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.("button");
    if (!button || !region.contains(button)) return;
    if (button === toggle) {
      playing = !playing;
      region.dataset.choice = playing ? "playing" : "paused";
      update();
    } else if (slides && dots.includes(button)) {
      show(slides, dots.indexOf(button));
    } else if (slides && button.dataset.rotationStep) {
      show(slides, slides.index + Number(button.dataset.rotationStep));
    }
  };
  const setHovered = (value: boolean) => {
    hovered = value;
    update();
  };
  const setFocused = (value: boolean) => {
    focused = value;
    update();
  };
  const listeners: [string, (event: never) => void][] = [
    ["click", onClick],
    ["mouseenter", () => setHovered(true)],
    ["mouseleave", () => setHovered(false)],
    ["focusin", () => setFocused(true)],
    [
      "focusout",
      (event: FocusEvent) => {
        if (!region.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    ],
  ];
  for (const [type, listener] of listeners) {
    region.addEventListener(type, listener as EventListener);
  }
  update();

  stops.push(() => {
    for (const [type, listener] of listeners) {
      region.removeEventListener(type, listener as EventListener);
    }
    for (const set of sets) window.clearTimeout(set.timer);
    if (track && loop) track.dataset.elapsedMs = String(loop.stop());
  });
}

const prerendered = root?.dataset.prerendered === window.location.pathname;
// The sign-in page's first render takes a failed GitHub sign-in's ?error= from the address, which
// the prerender cannot know; GitHub's absence from the deployment this script shows itself
// (bannerToShow).
const signInPage = prerendered && window.location.pathname === "/login";
// The site's address, which the build could not know (the SDK example on /resources).
for (const element of document.querySelectorAll("[data-origin]")) {
  element.textContent = window.location.origin;
}
if (prerendered) holdFormInput();
if (!prerendered || mayHaveSession() || (signInPage && window.location.search !== "")) {
  startApp();
} else {
  recordClicks();
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
  for (const region of document.querySelectorAll<HTMLElement>("[data-rotation]")) {
    runRegion(region, reducedMotion);
  }
  for (const type of INTENT) {
    document.addEventListener(type, startApp, { capture: true, passive: true });
  }
  // A page whose content goes stale names when the app must take over to refresh it (the
  // leaderboards every 5 minutes, docs/adr/0028).
  const staleAfterMs = Number(
    root?.querySelector<HTMLElement>("[data-app-after-ms]")?.dataset.appAfterMs,
  );
  if (staleAfterMs > 0) window.setTimeout(startApp, staleAfterMs);
  void bannerToShow().then((show) => {
    if (show) startApp();
  });
}
