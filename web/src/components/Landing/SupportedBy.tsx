import { SITE_TIMERS } from "@tandem/competition";
import { useEffect, useRef } from "react";
import { useCompetition } from "../../competition/CompetitionContext";
import { ContentImage } from "../ContentImage";
import classes from "./Landing.module.css";
import { LandingSection } from "./LandingSection";
import { RotationButton } from "./RotationButton";
import { useRotationControl } from "./rotation";

/**
 * Moves the logo track left by one copy of the logos every `loopMs`, then starts over. Driven by
 * animation frames (not a CSS animation) so time spent paused is not skipped on resume, and so
 * the loop follows the page clock.
 */
function useLogoLoop(running: boolean, loopMs: number) {
  const trackRef = useRef<HTMLUListElement>(null);
  const elapsed = useRef(0);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    // Where the page's first script left the loop (landing/rotationDom.ts).
    if (track.dataset.elapsedMs !== undefined) {
      elapsed.current = Number(track.dataset.elapsedMs) || 0;
      delete track.dataset.elapsedMs;
    }
    if (!running) return;
    let frame = 0;
    let last: number | null = null;
    let visible = true;
    const observer = new IntersectionObserver(([entry]) => {
      visible = entry?.isIntersecting ?? true;
    });
    observer.observe(track);
    const step = (now: number) => {
      if (last !== null && visible) elapsed.current = (elapsed.current + now - last) % loopMs;
      last = now;
      // The track holds the logos twice; half its width is one full loop.
      const offset = (elapsed.current / loopMs) * (track.scrollWidth / 2);
      track.style.transform = `translateX(${-offset}px)`;
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [running, loopMs]);

  return trackRef;
}

export function SupportedBy() {
  const { site } = useCompetition().competition;
  const section = site.supported_by;
  const supporters = site.sponsors.academic_partners;
  const control = useRotationControl("logos");
  // Reduced motion: one still row of logos, wrapping, with no duplicate copy.
  const moving = !control.reducedMotion || control.playing;
  const trackRef = useLogoLoop(moving && control.running, SITE_TIMERS.logoLoopMs);

  return (
    <LandingSection titleId="supported-by-title" title={section.title} cta={section.cta}>
      <div className={classes.logoStrip} data-moving={moving || undefined} {...control.regionProps}>
        <div className={classes.logoViewport}>
          <ul
            className={classes.logoTrack}
            ref={trackRef}
            aria-label="Supporters"
            data-loop-ms={SITE_TIMERS.logoLoopMs}
          >
            {supporters.map((supporter) => (
              <li key={supporter.name} className={classes.logoItem}>
                <ContentImage image={supporter.logo} width={240} height={80} loading="lazy" />
              </li>
            ))}
            {moving &&
              supporters.map((supporter) => (
                <li key={`${supporter.name}-again`} className={classes.logoItem} aria-hidden="true">
                  <img src={supporter.logo.src} alt="" width={240} height={80} loading="lazy" />
                </li>
              ))}
          </ul>
        </div>
        {moving && (
          <RotationButton
            playing={control.playing}
            onToggle={control.togglePlaying}
            subject="supporter logos"
          />
        )}
      </div>
    </LandingSection>
  );
}
