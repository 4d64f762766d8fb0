import { SITE_TIMERS } from "@tandem/competition";
import { useEffect, useRef } from "react";
import { useCompetition } from "../../competition/CompetitionContext";
import { logoLoop } from "../../landing/logoLoop";
import { ContentImage } from "../ContentImage";
import classes from "./Landing.module.css";
import { LandingSection } from "./LandingSection";
import { RotationButton } from "./RotationButton";
import { useRotationControl } from "./rotation";

/** Runs the logo loop (landing/logoLoop.ts) while `running`, keeping its place while paused. */
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
    const loop = logoLoop(track, loopMs, elapsed.current);
    loop.run(true);
    return () => {
      elapsed.current = loop.stop();
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
        {moving && <RotationButton control={control} subject="supporter logos" />}
      </div>
    </LandingSection>
  );
}
