import { Anchor, Button, Code, List } from "@mantine/core";
import { baselineNotebookFile, domainFilesUrl, sdkSnippet } from "@tandem/competition";
import { type ReactNode, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { useCompetition } from "../competition/CompetitionContext";
import classes from "../components/Info/Info.module.css";
import { InfoPage } from "../components/Info/InfoPage";
import { InfoSection } from "../components/Info/InfoSection";
import { RichText } from "../components/Info/RichText";
import { ScrollRegion } from "../components/Info/ScrollRegion";

function ResourceSection({ id, children }: { id: string; children: ReactNode }) {
  const card = useCompetition().competition.site.resources.cards.find((c) => c.id === id);
  return (
    <InfoSection id={id} titleId={`${id}-title`} title={card?.title}>
      {children}
    </InfoSection>
  );
}

function Paragraphs({ items }: { items: readonly string[] }) {
  return (
    <>
      {items.map((text) => (
        <p key={text} className={classes.paragraph}>
          <RichText text={text} />
        </p>
      ))}
    </>
  );
}

/** Baseline notebooks per domain, where the server publishes them. */
function BaselineLinks() {
  const { domains } = useCompetition().competition;
  return (
    <List spacing={4} className={classes.bullets}>
      {domains.map((domain) => (
        <List.Item key={domain.slug}>
          {domain.name}:{" "}
          {domain.challenges.map((challenge, i) => (
            <span key={challenge.key}>
              {i > 0 && ", "}
              <Anchor href={domainFilesUrl(domain.slug) + baselineNotebookFile(challenge)} download>
                {baselineNotebookFile(challenge)}
              </Anchor>
            </span>
          ))}
        </List.Item>
      ))}
    </List>
  );
}

/** Stands for the site's address in the page the build prerenders (no address is known then). */
const PRERENDERED_ORIGIN = "https://tandem.example";
const ORIGIN_MARK = "\u0000origin\u0000";
const noSubscription = () => () => {};

/**
 * The SDK example, pointed at this site. The prerendered page carries a stand-in address, which
 * the page's first script replaces (`data-origin`, src/landing/boot.ts) and the app's first
 * render keeps, so that adopting the page matches it; the next render reads the real one.
 */
function SdkSnippet() {
  const { competition } = useCompetition();
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => PRERENDERED_ORIGIN,
  );
  const [before, after] = sdkSnippet(ORIGIN_MARK, competition).split(ORIGIN_MARK);
  return (
    <Code block style={{ overflow: "visible" }}>
      {before}
      <span data-origin suppressHydrationWarning>
        {origin}
      </span>
      {after}
    </Code>
  );
}

export default function ResourcesPage() {
  const { competition } = useCompetition();
  const resources = competition.site.resources;
  const { api, baseline, schemas, genai, mentors, officeHours } = resources.sections;
  const kickoff = competition.webinars[0];

  return (
    <InfoPage title={resources.page.title} intro={resources.page.intro}>
      <nav aria-label="Resource topics">
        <ul className={classes.cardGrid}>
          {resources.cards.map((card) => (
            <li key={card.id}>
              <a href={`#${card.id}`} className={classes.resourceCard}>
                <span className={classes.cardTitle}>{card.title}</span>
                <span className={classes.cardText} style={{ display: "block" }}>
                  {card.description}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <ResourceSection id="api-documentation">
        <Paragraphs items={api.paragraphs} />
        <ul className={classes.methods}>
          {api.methods.map((method) => (
            <li key={method.name}>
              <code>{method.name}</code>: {method.description}
            </li>
          ))}
        </ul>
        <h3 className={classes.h3}>{api.snippetTitle}</h3>
        <ScrollRegion label={api.snippetTitle} className={classes.snippet}>
          <SdkSnippet />
        </ScrollRegion>
        <p>
          {api.reference.text}{" "}
          {/* Served by the gateway, not a page of this app: a full navigation. */}
          <Anchor href={api.reference.link.href} fw={600}>
            {api.reference.link.label}
          </Anchor>
          .
        </p>
      </ResourceSection>

      <ResourceSection id="baseline-implementation">
        <Paragraphs items={baseline.paragraphs} />
        <BaselineLinks />
      </ResourceSection>

      <ResourceSection id="data-schemas">
        <Paragraphs items={schemas.paragraphs} />
        <List spacing={4} className={classes.bullets}>
          {competition.domains.map((domain) => (
            <List.Item key={domain.slug}>
              <Anchor component={Link} to={domain.route}>
                {domain.name} data and dictionary
              </Anchor>
            </List.Item>
          ))}
        </List>
      </ResourceSection>

      <ResourceSection id="genai-materials">
        <Paragraphs items={genai.paragraphs} />
        <Anchor href={genai.course.href} target="_blank" rel="noopener noreferrer" fw={600}>
          {genai.course.label} (opens in a new tab)
        </Anchor>
      </ResourceSection>

      <ResourceSection id="mentor-resources">
        <Paragraphs items={mentors.paragraphs} />
        <Button disabled>{mentors.button}</Button>
      </ResourceSection>

      <ResourceSection id="office-hours">
        <Paragraphs items={officeHours.paragraphs} />
        <ul className={classes.cardGrid}>
          {kickoff && (
            <li className={classes.card}>
              <h3 className={classes.cardTitle}>{kickoff.title}</h3>
              <p className={classes.cardText}>{kickoff.when}</p>
              <Anchor href={kickoff.url} target="_blank" rel="noopener noreferrer">
                Join the {kickoff.title.toLowerCase()} (opens in a new tab)
              </Anchor>
            </li>
          )}
          <li className={classes.card}>
            <h3 className={classes.cardTitle}>{officeHours.biweekly.title}</h3>
            <p className={classes.cardText}>{officeHours.biweekly.description}</p>
          </li>
        </ul>
      </ResourceSection>
    </InfoPage>
  );
}
