import classes from "./Landing.module.css";

interface CarouselDotsProps {
  /** Names the set of dots. */
  label: string;
  /** One per slide: what its dot says it shows. */
  labels: readonly string[];
  active: number;
  pick: (index: number) => void;
  tone?: "light";
}

/** A carousel's dots, one per slide, the shown slide's current; landing/boot.ts finds them by their data. */
export function CarouselDots({ label, labels, active, pick, tone }: CarouselDotsProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a set of buttons, not a form
    <div className={classes.dots} role="group" aria-label={label} data-rotation-dots>
      {labels.map((dotLabel, i) => (
        <button
          key={dotLabel}
          type="button"
          className={classes.dot}
          data-tone={tone}
          aria-label={dotLabel}
          aria-current={i === active ? "true" : undefined}
          onClick={() => pick(i)}
        />
      ))}
    </div>
  );
}
