import { METRICS } from "@tandem/competition";
import { Link } from "react-router";
import { useCompetition } from "../../competition/CompetitionContext";
import { ContentImage } from "../ContentImage";
import { ArrowRightIcon } from "./icons";
import classes from "./Landing.module.css";

interface DomainCardsProps {
  /** Heading level of each card's title: 3 under a section heading, 2 directly under a page's h1. */
  headingLevel?: 2 | 3;
}

/** One card per domain: image, name, tagline, challenges and metrics, linking to the domain page. */
export function DomainCards({ headingLevel = 3 }: DomainCardsProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { competition } = useCompetition();
  return (
    <ul className={classes.domainGrid}>
      {competition.domains.map((domain) => {
        const { card } = domain;
        const metrics = [...new Set(domain.challenges.map((c) => METRICS[c.metric].name))];
        return (
          <li key={domain.slug} className={classes.domainCard}>
            <ContentImage
              image={card.image}
              width={320}
              height={200}
              loading="lazy"
              className={classes.domainImage}
            />
            <div className={classes.domainBody} style={{ borderTopColor: domain.color }}>
              <Heading className={classes.domainName}>
                <Link to={domain.route} className={classes.domainLink}>
                  {domain.name}
                </Link>
              </Heading>
              <p className={classes.domainTagline}>{card.tagline}</p>
              <p className={classes.domainMeta}>
                {domain.challenges.length} challenges · {metrics.join(", ")}
              </p>
              <span className={classes.domainCta} aria-hidden="true">
                {competition.site.domains_section.cta} <ArrowRightIcon size={16} />
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
