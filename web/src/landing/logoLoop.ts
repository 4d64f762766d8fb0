/**
 * The supporters' logo loop, run by the page's first script (boot.ts) and then by the app
 * (SupportedBy): the track, which holds the logos twice, moves left by one copy of them every
 * `loopMs`, then starts over. Driven by animation frames (not a CSS animation) so time spent
 * paused or scrolled out of view is not skipped on resume, and so the loop follows the page clock.
 * Without imports: boot.ts must stay a few KB.
 */
export function logoLoop(track: HTMLElement, loopMs: number, elapsedMs = 0) {
  let elapsed = elapsedMs;
  let frame = 0;
  let last: number | null = null;
  let visible = true;
  const observer = new IntersectionObserver(([entry]) => {
    visible = entry?.isIntersecting ?? true;
  });
  observer.observe(track);
  const step = (now: number) => {
    if (last !== null && visible) elapsed = (elapsed + now - last) % loopMs;
    last = now;
    // Half the track's width is one full loop.
    track.style.transform = `translateX(${-(elapsed / loopMs) * (track.scrollWidth / 2)}px)`;
    frame = requestAnimationFrame(step);
  };
  return {
    run(on: boolean) {
      cancelAnimationFrame(frame);
      last = null;
      if (on) frame = requestAnimationFrame(step);
    },
    /** Stops for good and says how far into a loop the track is, in ms. */
    stop() {
      cancelAnimationFrame(frame);
      observer.disconnect();
      return elapsed;
    },
  };
}
