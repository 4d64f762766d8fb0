import { Button, Container } from "@mantine/core";
import { Link } from "react-router";
import { useCompetition } from "../../competition/CompetitionContext";
import classes from "./Landing.module.css";
import { SectionHeading } from "./SectionHeading";

export function CompetitionTimeline() {
  const { competition } = useCompetition();
  const section = competition.site.timeline_section;
  return (
    <section className={classes.sectionAlt} aria-labelledby="timeline-title">
      <Container size="lg">
        <SectionHeading id="timeline-title" title={section.title} intro={section.intro} />
        <ol className={classes.timeline}>
          {competition.timeline.map((entry) => (
            <li key={entry.event} className={classes.timelineItem}>
              <span className={classes.timelineMarker} aria-hidden="true" />
              <p className={classes.timelineDate}>{entry.date}</p>
              <p className={classes.timelineEvent}>{entry.event}</p>
            </li>
          ))}
        </ol>
        <div className={classes.centered}>
          <Button component={Link} to={section.cta.href} variant="light" size="md">
            {section.cta.label}
          </Button>
        </div>
      </Container>
    </section>
  );
}
