/** The public site's timers (docs/product.md#timers-and-constants). */
export const SITE_TIMERS = {
  /** "Should I Participate?" slides and the hero's message advance every 5 seconds. */
  carouselIntervalMs: 5_000,
  /** The hero background rotates on its own, slower timer (the spec leaves its interval open). */
  heroBackgroundIntervalMs: 8_000,
  /** The Supported By strip scrolls through every logo once in 30 seconds, then loops. */
  logoLoopMs: 30_000,
  /** A domain page shows its loading state for 500 ms before the content. */
  domainLoadingMs: 500,
} as const;
