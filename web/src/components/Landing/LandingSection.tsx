import { Button, Container } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import classes from "./Landing.module.css";

interface LandingSectionProps {
  /** The heading's id, which names the section. */
  titleId: string;
  title: string;
  intro?: string;
  /** On the alternate background. */
  alt?: boolean;
  /** A link under the content, centred. */
  cta?: { href: string; label: string };
  children: ReactNode;
}

/** A band of the landing page: its heading and intro, its content, then its call to action. */
export function LandingSection({ titleId, title, intro, alt, cta, children }: LandingSectionProps) {
  return (
    <section className={alt ? classes.sectionAlt : classes.section} aria-labelledby={titleId}>
      <Container size="lg">
        <div className={classes.sectionHeading}>
          <h2 id={titleId} className={classes.sectionTitle}>
            {title}
          </h2>
          {intro && <p className={classes.sectionIntro}>{intro}</p>}
        </div>
        {children}
        {cta && (
          <div className={classes.centered}>
            <Button component={Link} to={cta.href} variant="light" size="md">
              {cta.label}
            </Button>
          </div>
        )}
      </Container>
    </section>
  );
}
