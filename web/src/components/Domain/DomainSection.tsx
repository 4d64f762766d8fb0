import type { ReactNode } from "react";
import classes from "./Domain.module.css";

/** A section of a domain's page, named by its heading (`titleId`). */
export function DomainSection({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={classes.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={classes.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
