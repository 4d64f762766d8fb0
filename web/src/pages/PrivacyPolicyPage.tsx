import { Anchor } from "@mantine/core";
import { useCompetition } from "../competition/CompetitionContext";
import classes from "../components/Info/Info.module.css";
import { InfoPage } from "../components/Info/InfoPage";
import { InfoSection } from "../components/Info/InfoSection";
import { TextBlock } from "../components/Info/TextBlock";

export default function PrivacyPolicyPage() {
  const privacy = useCompetition().competition.site.privacy;
  return (
    <InfoPage
      title={privacy.title}
      intro={privacy.intro}
      header={<p className={classes.pageIntro}>Last updated: {privacy.lastUpdated}</p>}
    >
      {privacy.sections.map((section) => (
        <TextBlock key={section.id} section={section} />
      ))}
      <InfoSection titleId="privacy-contact-title" title={privacy.contact.label}>
        <Anchor href={`mailto:${privacy.contact.email}`} fw={700}>
          {privacy.contact.email}
        </Anchor>
      </InfoSection>
    </InfoPage>
  );
}
