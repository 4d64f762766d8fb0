import { Anchor, Container } from "@mantine/core";
import { useCompetition } from "../competition/CompetitionContext";
import { Footer } from "../components/Footer/Footer";
import classes from "../components/Info/Info.module.css";
import { PageHeader } from "../components/Info/PageHeader";
import { TextBlock } from "../components/Info/TextBlock";

export default function PrivacyPolicyPage() {
  const privacy = useCompetition().competition.site.privacy;
  return (
    <>
      <PageHeader title={privacy.title} intro={privacy.intro}>
        <p className={classes.pageIntro}>Last updated: {privacy.lastUpdated}</p>
      </PageHeader>
      <Container size="lg" className={classes.page}>
        {privacy.sections.map((section) => (
          <TextBlock key={section.id} section={section} />
        ))}
        <section className={classes.textBlock} aria-labelledby="privacy-contact-title">
          <h2 id="privacy-contact-title" className={classes.h2}>
            {privacy.contact.label}
          </h2>
          <Anchor href={`mailto:${privacy.contact.email}`} fw={700}>
            {privacy.contact.email}
          </Anchor>
        </section>
      </Container>
      <Footer />
    </>
  );
}
