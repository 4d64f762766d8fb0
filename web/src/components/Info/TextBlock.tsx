import type { TextSection } from "@tandem/competition";
import type { ReactNode } from "react";
import classes from "./Info.module.css";
import { InfoSection } from "./InfoSection";
import { RichText } from "./RichText";

interface TextBlockProps {
  section: TextSection;
  /** Shown after the section's own text (tables built from competition data). */
  children?: ReactNode;
  level?: 2 | 3;
}

/** A titled section of prose from the content package. */
export function TextBlock({ section, children, level = 2 }: TextBlockProps) {
  return (
    <InfoSection
      id={section.id}
      titleId={`${section.id}-title`}
      title={section.title}
      level={level}
    >
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph} className={classes.paragraph}>
          <RichText text={paragraph} />
        </p>
      ))}
      {section.bullets && (
        <ul className={classes.bullets}>
          {section.bullets.map((bullet) => (
            <li key={bullet}>{bullet}</li>
          ))}
        </ul>
      )}
      {children}
    </InfoSection>
  );
}
