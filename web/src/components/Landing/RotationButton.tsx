import { PauseIcon, PlayIcon } from "./icons";
import classes from "./Landing.module.css";
import type { RotationControl } from "./rotation";

interface RotationButtonProps {
  control: Pick<RotationControl, "playing" | "togglePlaying">;
  /** What rotates, for the accessible name ("slides", "logos"). */
  subject: string;
  tone?: "light" | "dark";
}

/**
 * Pause/Play for content that moves on its own (WCAG 2.2.2). Both icons are in the page, the
 * other one hidden by `data-playing`: the page's first script flips it before the app is loaded
 * (landing/rotationDom.ts).
 */
export function RotationButton({ control, subject, tone = "dark" }: RotationButtonProps) {
  const { playing } = control;
  return (
    <button
      type="button"
      className={classes.roundButton}
      data-tone={tone}
      onClick={control.togglePlaying}
      aria-label={playing ? `Pause ${subject}` : `Play ${subject}`}
      data-rotation-toggle
      data-subject={subject}
      data-playing={playing || undefined}
    >
      <PauseIcon size={16} data-icon="pause" />
      <PlayIcon size={16} data-icon="play" />
    </button>
  );
}
