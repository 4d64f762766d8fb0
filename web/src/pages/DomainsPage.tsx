import { Container } from "@mantine/core";
import { useCompetition } from "../competition/CompetitionContext";
import { Footer } from "../components/Footer/Footer";
import classes from "../components/Info/Info.module.css";
import { PageHeader } from "../components/Info/PageHeader";
import { DomainCards } from "../components/Landing/DomainCards";

export default function DomainsPage() {
  const section = useCompetition().competition.site.domains_section;
  return (
    <>
      <PageHeader title={section.title} intro={section.intro} />
      <Container size="lg" className={classes.page} pt={40}>
        <DomainCards headingLevel={2} />
      </Container>
      <Footer />
    </>
  );
}
