import { Anchor, Container } from "@mantine/core";
import { Link } from "react-router";
import { useCompetition } from "../competition/CompetitionContext";
import { Footer } from "../components/Footer/Footer";
import classes from "../components/Info/Info.module.css";
import { PageHeader } from "../components/Info/PageHeader";
import { TextBlock } from "../components/Info/TextBlock";

export default function AboutPage() {
  const about = useCompetition().competition.site.about;
  const { methodology } = about;
  return (
    <>
      <PageHeader title={about.title} intro={about.intro} />
      <Container size="lg" className={classes.page}>
        <div className={classes.split}>
          <TextBlock section={about.motivation} />
          <img
            src={about.image.src}
            alt={about.image.alt}
            width={400}
            height={300}
            className={classes.illustration}
          />
        </div>
        <TextBlock section={about.collaboration} />

        <section id="organizing-team" className={classes.textBlock} aria-labelledby="team-title">
          <h2 id="team-title" className={classes.h2}>
            {about.teamTitle}
          </h2>
          <p className={classes.paragraph}>{about.teamIntro}</p>
          <ul className={classes.cardGridCompact}>
            {about.team.map((group) => (
              <li key={group.name} className={classes.card}>
                <h3 className={classes.cardTitle}>{group.name}</h3>
                <p className={classes.cardText}>{group.description}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="acknowledgments" className={classes.textBlock} aria-labelledby="ack-title">
          <h2 id="ack-title" className={classes.h2}>
            {about.acknowledgments.title}
          </h2>
          <p className={classes.paragraph}>{about.acknowledgments.text}</p>
          <Anchor component={Link} to={about.acknowledgments.link.href} fw={600}>
            {about.acknowledgments.link.label}
          </Anchor>
        </section>

        <section id="methodology" className={classes.textBlock} aria-labelledby="methodology-title">
          <h2 id="methodology-title" className={classes.h2}>
            {methodology.title}
          </h2>
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
                <li key={dimension.name} className={classes.card}>
                  <h4 className={classes.cardTitle}>{dimension.name}</h4>
                  <p className={classes.cardText}>{dimension.description}</p>
                </li>
              ))}
          </ul>
        </section>
      </Container>
      <Footer />
    </>
  );
}
