import { Anchor, Container } from "@mantine/core";
import { useCompetition } from "../competition/CompetitionContext";
import { Footer } from "../components/Footer/Footer";
import classes from "../components/Info/Info.module.css";
import { InfoSection } from "../components/Info/InfoSection";
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
        <InfoSection titleId="privacy-contact-title" title={privacy.contact.label}>
          <Anchor href={`mailto:${privacy.contact.email}`} fw={700}>
            {privacy.contact.email}
          </Anchor>
        </InfoSection>
      </Container>
      <Footer />
    </>
  );
}
