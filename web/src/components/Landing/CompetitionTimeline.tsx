import { useCompetition } from "../../competition/CompetitionContext";
import classes from "./Landing.module.css";
import { LandingSection } from "./LandingSection";

export function CompetitionTimeline() {
  const { competition } = useCompetition();
  const section = competition.site.timeline_section;
  return (
    <LandingSection
      titleId="timeline-title"
      title={section.title}
      intro={section.intro}
      alt
      cta={section.cta}
    >
      <ol className={classes.timeline}>
        {competition.timeline.map((entry) => (
          <li key={entry.event} className={classes.timelineItem}>
            <span className={classes.timelineMarker} aria-hidden="true" />
            <p className={classes.timelineDate}>{entry.date}</p>
            <p className={classes.timelineEvent}>{entry.event}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
