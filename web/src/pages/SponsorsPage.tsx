import { Anchor, Container } from "@mantine/core";
import { Link } from "react-router";
import { useCompetition } from "../competition/CompetitionContext";
import { Footer } from "../components/Footer/Footer";
import classes from "../components/Info/Info.module.css";
import { PageHeader } from "../components/Info/PageHeader";

export default function SponsorsPage() {
  const { competition } = useCompetition();
  const { page, academic_partners: partners } = competition.site.sponsors;
  return (
    <>
      <PageHeader title={page.title} intro={page.intro} />
      <Container size="lg" className={classes.page}>
        <section className={classes.textBlock} aria-labelledby="academic-title">
          <h2 id="academic-title" className={classes.h2}>
            {page.academicTitle}
          </h2>
          <ul className={classes.cardGrid}>
            {partners.map((partner) => (
              <li key={partner.name} className={classes.card}>
                <img
                  src={partner.logo.src}
                  alt={partner.logo.alt}
                  width={240}
                  height={80}
                  className={classes.logo}
                />
                <h3 className={classes.cardTitle}>{partner.name}</h3>
                <p className={classes.cardText}>{partner.role}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className={classes.textBlock} aria-labelledby="domain-sponsors-title">
          <h2 id="domain-sponsors-title" className={classes.h2}>
            {page.domainTitle}
          </h2>
          <p className={classes.paragraph}>{page.domainIntro}</p>
          <ul className={classes.cardGrid}>
            {competition.domains.map(({ sponsor, ...domain }) =>
              sponsor ? (
                <li
                  key={domain.slug}
                  className={classes.card}
                  style={{ borderTop: `4px solid ${domain.color}` }}
                >
                  <Anchor component={Link} to={domain.route} size="sm" fw={700}>
                    {domain.name}
                  </Anchor>
                  <h3 className={classes.cardTitle}>{sponsor.name}</h3>
                  <p className={classes.cardText}>{sponsor.description}</p>
                </li>
              ) : null,
            )}
          </ul>
        </section>

        <section className={classes.textBlock} aria-labelledby="community-title">
          <h2 id="community-title" className={classes.h2}>
            {page.communityTitle}
          </h2>
          <p className={classes.paragraph}>{page.communityText}</p>
        </section>

        <section className={classes.textBlock} aria-labelledby="sponsor-contact-title">
          <h2 id="sponsor-contact-title" className={classes.h2}>
            {page.contactTitle}
          </h2>
          <p className={classes.paragraph}>{page.contactText}</p>
          <Anchor href={`mailto:${page.contactEmail}`} fw={700}>
            {page.contactEmail}
          </Anchor>
        </section>
      </Container>
      <Footer />
    </>
  );
}
