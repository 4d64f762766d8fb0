import { Container } from "@mantine/core";
import { useCompetition } from "../../competition/CompetitionContext";
import { DomainCards } from "./DomainCards";
import classes from "./Landing.module.css";
import { SectionHeading } from "./SectionHeading";

export function DomainChallenges() {
  const section = useCompetition().competition.site.domains_section;
  return (
    <section className={classes.section} aria-labelledby="domains-title">
      <Container size="lg">
        <SectionHeading id="domains-title" title={section.title} intro={section.intro} />
        <DomainCards />
      </Container>
    </section>
  );
}
