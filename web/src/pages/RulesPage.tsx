import { Accordion, Button, Table } from "@mantine/core";
import { METRICS } from "@tandem/competition";
import { Link } from "react-router";
import { useCompetition } from "../competition/CompetitionContext";
import { ColumnHeads } from "../components/ColumnHeads";
import classes from "../components/Info/Info.module.css";
import { InfoCard } from "../components/Info/InfoCard";
import { InfoPage } from "../components/Info/InfoPage";
import { InfoSection } from "../components/Info/InfoSection";
import { ScrollRegion } from "../components/Info/ScrollRegion";
import { TextBlock } from "../components/Info/TextBlock";

const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

function TimelineTable() {
  const { timeline } = useCompetition().competition;
  return (
    <ScrollRegion label="Timeline">
      <Table withTableBorder striped>
        <ColumnHeads columns={["Date", "Event"]} />
        <Table.Tbody>
          {timeline.map((entry) => (
            <Table.Tr key={entry.event}>
              <Table.Td>{entry.date}</Table.Td>
              <Table.Td>{entry.event}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

function MetricsTable() {
  const { domains } = useCompetition().competition;
  return (
    <ScrollRegion label="Metric of each challenge">
      <Table withTableBorder striped>
        <ColumnHeads columns={["Domain", "Challenge", "Metric"]} />
        <Table.Tbody>
          {domains.flatMap((domain) =>
            domain.challenges.map((challenge) => {
              const metric = METRICS[challenge.metric];
              return (
                <Table.Tr key={challenge.key}>
                  <Table.Td>{domain.name}</Table.Td>
                  <Table.Td>
                    {challenge.number}. {challenge.title}
                  </Table.Td>
                  <Table.Td>
                    {metric.name} ({metric.higherIsBetter ? "higher" : "lower"} is better)
                  </Table.Td>
                </Table.Tr>
              );
            }),
          )}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

function PrizeTables() {
  const { competition } = useCompetition();
  const { prizes } = competition.definition;
  const tables = [
    { label: "Overall ranking", rows: prizes.overall },
    { label: `Each domain (${competition.domains.length} domains)`, rows: prizes.per_domain },
  ];
  return (
    <>
      {tables.map((table) => (
        <ScrollRegion key={table.label} label={`Prizes: ${table.label}`}>
          <Table withTableBorder striped captionSide="top">
            <Table.Caption className={classes.caption}>{table.label}</Table.Caption>
            <ColumnHeads columns={["Place", "Prize"]} />
            <Table.Tbody>
              {table.rows.map((row) => (
                <Table.Tr key={row.place}>
                  <Table.Td>{row.place}</Table.Td>
                  <Table.Td>
                    {usd.format(row.amount_usd)}
                    {row.place.includes("to") ? " each" : ""}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      ))}
      <p className={classes.paragraph}>To receive a prize, a team must:</p>
      <ul className={classes.bullets}>
        {prizes.conditions.map((condition) => (
          <li key={condition}>{condition}</li>
        ))}
      </ul>
    </>
  );
}

const DYNAMIC = { timeline: TimelineTable, metrics: MetricsTable, prizes: PrizeTables };

export default function RulesPage() {
  const { page, steps, sections, faq } = useCompetition().competition.site.rules;
  return (
    <InfoPage title={page.title} intro={page.intro}>
      <InfoSection titleId="steps-title" title={page.stepsTitle}>
        <ol className={classes.steps}>
          {steps.map((step) => (
            <InfoCard
              key={step.title}
              title={step.title}
              text={step.description}
              className={classes.step}
            />
          ))}
        </ol>
      </InfoSection>

      <InfoSection titleId="rules-title" title={page.rulesTitle}>
        {sections.map((section) => {
          const Extra = section.dynamic ? DYNAMIC[section.dynamic] : null;
          return (
            <TextBlock key={section.id} section={section} level={3}>
              {Extra && <Extra />}
            </TextBlock>
          );
        })}
      </InfoSection>

      <InfoSection titleId="faq-title" title={page.faqTitle}>
        <Accordion variant="separated" radius="md">
          {faq.map((item) => (
            <Accordion.Item key={item.question} value={item.question}>
              <Accordion.Control>{item.question}</Accordion.Control>
              <Accordion.Panel>{item.answer}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </InfoSection>

      <div className={classes.cta}>
        <div>
          <h2 className={classes.ctaTitle}>{page.cta.title}</h2>
          <p className={classes.cardText}>{page.cta.text}</p>
        </div>
        <Button component={Link} to={page.cta.href} size="lg">
          {page.cta.label}
        </Button>
      </div>
    </InfoPage>
  );
}
