/**
 * How the landing page's moving parts keep their state in the page itself, so that the page's
 * first script (boot.ts) can run them before the app is loaded and the app can take over where
 * they are (docs/adr/0024). Without imports: boot.ts must stay a few KB.
 *
 * - a region `[data-rotation=name]` pauses while hovered or focused; `data-choice` holds a
 *   Pause/Play choice made before the app took over;
 * - a set `[data-rotation-set=name]` with `data-interval-ms` rotates its children, the shown one
 *   marked `data-active`;
 * - the buttons of `[data-rotation-dots]` pick a slide of the set "slides", `[data-rotation-step]`
 *   buttons move it by their value, `[data-rotation-toggle]` is the Pause/Play button;
 * - a track `[data-loop-ms]` scrolls the logos; `data-elapsed-ms` hands over its position.
 */

/** The region named `name` while the app is adopting the prerendered page, else null. */
export function adoptedRegion(name: string): HTMLElement | null {
  if (typeof document === "undefined") return null;
  if (!document.getElementById("root")?.hasAttribute("data-prerendered")) return null;
  return document.querySelector<HTMLElement>(`[data-rotation="${name}"]`);
}

export function setOf(region: HTMLElement, name: string): HTMLElement | null {
  return region.querySelector<HTMLElement>(`[data-rotation-set="${name}"]`);
}

export function activeIndexOf(set: HTMLElement | null): number {
  const items = set ? [...set.children] : [];
  return Math.max(
    0,
    items.findIndex((item) => item.hasAttribute("data-active")),
  );
}

/** The pause state a region was in when the app took over. */
export function controlStateOf(region: HTMLElement | null) {
  const choice = region?.dataset.choice;
  return {
    choice: choice === "playing" ? true : choice === "paused" ? false : null,
    hovered: region?.matches(":hover") ?? false,
    focused: region?.contains(document.activeElement) ?? false,
  };
}
