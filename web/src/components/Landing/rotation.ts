import { useReducedMotion } from "@mantine/hooks";
import { type FocusEvent, useCallback, useEffect, useState } from "react";
import { activeIndexOf, adoptedRegion, controlStateOf, setOf } from "../../landing/rotationDom";

/**
 * Advances `index` every `intervalMs` while `running`. The timer restarts whenever the index
 * changes, so a slide picked by hand also stays up for a full interval. When the app adopts the
 * prerendered page, it starts at the slide the page's first script left shown (`adopt`).
 */
export function useRotatingIndex(
  count: number,
  intervalMs: number,
  running: boolean,
  adopt?: { region: string; set: string },
) {
  const [index, setIndex] = useState(() => {
    const region = adopt ? adoptedRegion(adopt.region) : null;
    return region && adopt ? activeIndexOf(setOf(region, adopt.set)) : 0;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new index restarts the timer
  useEffect(() => {
    if (!running || count < 2) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [running, count, intervalMs, index]);

  const go = useCallback(
    (step: number) => setIndex((current) => (current + step + count) % count),
    [count],
  );
  return { index, setIndex, next: () => go(1), previous: () => go(-1) };
}

/**
 * Pausing shared by the carousels: rotation stops while the pointer is over the region or focus
 * is inside it (WAI-ARIA carousel pattern), and starts stopped for people who ask for reduced
 * motion. `playing` is the user's own Pause/Play choice. `region` names the region in the page
 * (landing/rotationDom.ts), whose state the app adopts from the page's first script.
 */
export function useRotationControl(region: string) {
  // Read on the first render: waiting for an effect would render every carousel twice.
  const reducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const [adopted] = useState(() => controlStateOf(adoptedRegion(region)));
  const [choice, setChoice] = useState<boolean | null>(adopted.choice);
  const [hovered, setHovered] = useState(adopted.hovered);
  const [focused, setFocused] = useState(adopted.focused);

  const playing = choice ?? !reducedMotion;
  const regionProps = {
    "data-rotation": region,
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };

  return {
    playing,
    running: playing && !hovered && !focused,
    reducedMotion,
    togglePlaying: () => setChoice(!playing),
    regionProps,
    /** The region as a WAI-ARIA carousel named `label`. */
    carouselProps: (label: string) => ({
      "aria-roledescription": "carousel",
      "aria-label": label,
      ...regionProps,
    }),
  };
}

export type RotationControl = ReturnType<typeof useRotationControl>;

/** The rotating set of slides: announced only while stopped; landing/boot.ts finds it by its data. */
export function slidesProps(running: boolean, intervalMs: number) {
  return {
    "aria-live": running ? ("off" as const) : ("polite" as const),
    "data-rotation-set": "slides",
    "data-interval-ms": intervalMs,
  };
}

/** Slide `i` of a WAI-ARIA carousel (a group), shown when it is the `active` one. */
export function slideProps(i: number, active: number, label: string) {
  return {
    role: "group",
    "aria-roledescription": "slide",
    "aria-label": label,
    "data-active": i === active || undefined,
    "aria-hidden": i !== active,
  };
}
