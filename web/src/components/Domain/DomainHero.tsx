import { Container } from "@mantine/core";
import type { CompetitionDomain } from "../../api/competition/requests";
import { useCompetition } from "../../competition/CompetitionContext";
import { ContentImage } from "../ContentImage";
import classes from "./Domain.module.css";

export function DomainHero({ domain }: { domain: CompetitionDomain }) {
  const card = useCompetition().competition.findDomain(domain.slug)?.card;
  const metrics = [...new Set(domain.challenges.map((c) => c.metric_name))];
  return (
    <section className={classes.hero} style={{ background: domain.background }}>
      <Container size="lg" className={classes.heroInner}>
        <div>
          <p className={classes.heroKicker}>Domain</p>
          <h1 className={classes.heroTitle}>{domain.name}</h1>
          {card && <p className={classes.heroTagline}>{card.tagline}</p>}
          <ul className={classes.heroFacts} aria-label="At a glance">
            <li>{domain.challenges.length} challenges</li>
            <li>{metrics.join(" · ")}</li>
            <li>{domain.data_files.length || "Several"} data files</li>
          </ul>
        </div>
        {card && (
          <ContentImage image={card.image} width={320} height={200} className={classes.heroImage} />
        )}
      </Container>
    </section>
  );
}
