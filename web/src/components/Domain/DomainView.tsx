import { Container } from "@mantine/core";
import type { CompetitionDomain } from "../../api/competition/requests";
import { DeadlineClock } from "../Clock/DeadlineClock";
import { RichText } from "../Info/RichText";
import { ChallengeCard } from "./ChallengeCard";
import { DataPreview } from "./DataPreview";
import classes from "./Domain.module.css";
import { DomainHero } from "./DomainHero";
import { DomainSection } from "./DomainSection";
import { Downloads } from "./Downloads";
import { useSubmitAccess } from "./useSubmitAccess";

/** docs/product.md#domain-pages: hero, overview, challenges, data preview, downloads. */
export function DomainView({ domain }: { domain: CompetitionDomain }) {
  const { canSubmit, expectedRowsOf } = useSubmitAccess();
  return (
    <>
      <DomainHero domain={domain} />
      <Container size="lg">
        {/* The deadline, for everyone (a pause is the site banner's). */}
        <div className={classes.clock}>
          <DeadlineClock />
        </div>
        <DomainSection titleId="overview-title" title="Overview">
          <p className={classes.overview}>
            <RichText
              text={domain.overview || "The overview of this domain will be published soon."}
            />
          </p>
        </DomainSection>

        <DomainSection titleId="challenges-title" title="Challenges">
          <div className={classes.challenges}>
            {domain.challenges.map((challenge) => (
              <ChallengeCard
                key={challenge.key}
                domain={domain}
                challenge={challenge}
                submit={canSubmit ? { expectedRows: expectedRowsOf(challenge.key) } : undefined}
              />
            ))}
          </div>
        </DomainSection>

        <DataPreview domain={domain} />
        <Downloads domain={domain} />
      </Container>
    </>
  );
}
