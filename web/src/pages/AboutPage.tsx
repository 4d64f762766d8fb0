import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { useCompetition } from "../competition/CompetitionContext";
import { ContentImage } from "../components/ContentImage";
import classes from "../components/Info/Info.module.css";
import { InfoCard } from "../components/Info/InfoCard";
import { InfoPage } from "../components/Info/InfoPage";
import { InfoSection } from "../components/Info/InfoSection";
import { TextBlock } from "../components/Info/TextBlock";

export default function AboutPage() {
  const about = useCompetition().competition.site.about;
  const { methodology } = about;
  return (
    <InfoPage title={about.title} intro={about.intro}>
      <div className={classes.split}>
        <TextBlock section={about.motivation} />
        <ContentImage
          image={about.image}
          width={400}
          height={300}
          className={classes.illustration}
        />
      </div>
      <TextBlock section={about.collaboration} />

      <InfoSection id="organizing-team" titleId="team-title" title={about.teamTitle}>
        <p className={classes.paragraph}>{about.teamIntro}</p>
        <ul className={classes.cardGridCompact}>
          {about.team.map((group) => (
            <InfoCard key={group.name} title={group.name} text={group.description} />
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="acknowledgments" titleId="ack-title" title={about.acknowledgments.title}>
        <p className={classes.paragraph}>{about.acknowledgments.text}</p>
        <Anchor component={Link} to={about.acknowledgments.link.href} fw={600}>
          {about.acknowledgments.link.label}
        </Anchor>
      </InfoSection>

      <InfoSection id="methodology" titleId="methodology-title" title={methodology.title}>
        <p className={classes.paragraph}>{methodology.intro}</p>
        <h3 className={classes.h3}>{methodology.structureTitle}</h3>
        <ul className={classes.bullets}>
          {methodology.structure.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <ul className={classes.cardGrid} aria-label="Challenge dimensions">
          {methodology.dimensions
            .filter((dimension) => dimension.shown)
            .map((dimension) => (
              <InfoCard
                key={dimension.name}
                title={dimension.name}
                text={dimension.description}
                heading="h4"
              />
            ))}
        </ul>
      </InfoSection>
    </InfoPage>
  );
}
