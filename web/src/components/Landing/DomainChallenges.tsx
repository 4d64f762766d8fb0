import { useCompetition } from "../../competition/CompetitionContext";
import { DomainCards } from "./DomainCards";
import { LandingSection } from "./LandingSection";

export function DomainChallenges() {
  const section = useCompetition().competition.site.domains_section;
  return (
    <LandingSection titleId="domains-title" title={section.title} intro={section.intro}>
      <DomainCards />
    </LandingSection>
  );
}
