import type { CSSProperties, ReactNode } from "react";
import classes from "./Info.module.css";

interface InfoCardProps {
  title: ReactNode;
  text: ReactNode;
  /** Shown above the title (a logo, a link to the domain). */
  children?: ReactNode;
  heading?: "h3" | "h4";
  className?: string;
  style?: CSSProperties;
}

/** One item of an information page's card list: a title and its text. */
export function InfoCard({
  title,
  text,
  children,
  heading: Heading = "h3",
  className = classes.card,
  style,
}: InfoCardProps) {
  return (
    <li className={className} style={style}>
      {children}
      <Heading className={classes.cardTitle}>{title}</Heading>
      <p className={classes.cardText}>{text}</p>
    </li>
  );
}
