import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { useCompetition } from "../competition/CompetitionContext";
import { ContentImage } from "../components/ContentImage";
import classes from "../components/Info/Info.module.css";
import { InfoCard } from "../components/Info/InfoCard";
import { InfoPage } from "../components/Info/InfoPage";
import { InfoSection } from "../components/Info/InfoSection";

export default function SponsorsPage() {
  const { competition } = useCompetition();
  const { page, academic_partners: partners } = competition.site.sponsors;
  return (
    <InfoPage title={page.title} intro={page.intro}>
      <InfoSection titleId="academic-title" title={page.academicTitle}>
        <ul className={classes.cardGrid}>
          {partners.map((partner) => (
            <InfoCard key={partner.name} title={partner.name} text={partner.role}>
              <ContentImage image={partner.logo} width={240} height={80} className={classes.logo} />
            </InfoCard>
          ))}
        </ul>
      </InfoSection>

      <InfoSection titleId="domain-sponsors-title" title={page.domainTitle}>
        <p className={classes.paragraph}>{page.domainIntro}</p>
        <ul className={classes.cardGrid}>
          {competition.domains.map(({ sponsor, ...domain }) =>
            sponsor ? (
              <InfoCard
                key={domain.slug}
                title={sponsor.name}
                text={sponsor.description}
                style={{ borderTop: `4px solid ${domain.color}` }}
              >
                <Anchor component={Link} to={domain.route} size="sm" fw={700}>
                  {domain.name}
                </Anchor>
              </InfoCard>
            ) : null,
          )}
        </ul>
      </InfoSection>

      <InfoSection titleId="community-title" title={page.communityTitle}>
        <p className={classes.paragraph}>{page.communityText}</p>
      </InfoSection>

      <InfoSection titleId="sponsor-contact-title" title={page.contactTitle}>
        <p className={classes.paragraph}>{page.contactText}</p>
        <Anchor href={`mailto:${page.contactEmail}`} fw={700}>
          {page.contactEmail}
        </Anchor>
      </InfoSection>
    </InfoPage>
  );
}
