import type { ReactNode } from "react";
import classes from "./Info.module.css";

interface InfoSectionProps {
  /** The heading's id, which names the section. */
  titleId: string;
  title: ReactNode;
  /** The section's own id, when links point at it. */
  id?: string;
  level?: 2 | 3;
  children?: ReactNode;
}

/** A section of an information page, named by its heading. */
export function InfoSection({ titleId, title, id, level = 2, children }: InfoSectionProps) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section id={id} className={classes.textBlock} aria-labelledby={titleId}>
      <Heading id={titleId} className={level === 2 ? classes.h2 : classes.h3}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
