import { Anchor, Card, Checkbox, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { type AdminCompetition, mainPhaseOf } from "@tandem/competition";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatInZone } from "../../../competition/timeZones";
import { SectionCard } from "../../SectionCard";
import { TitledSection } from "../TitledSection";
import { DayOrMonthField } from "./DayOrMonthField";
import type { SectionProps } from "./draft";
import { DraftMoment, DraftText, draftPlaces } from "./fields";
import { useIssue } from "./issues";
import { ZonedDateTimeField, type ZoneView, zoneTitle } from "./ZonedDateTimeField";

type OverrideSource = AdminCompetition["overrides"]["opens_at"];

interface DatesSectionProps extends SectionProps {
  overrides: AdminCompetition["overrides"];
  /** The main phase's dates in force (overrides applied), from the public read. */
  inForce: { opensAt: Date; closesAt: Date };
}

/** The main phase's dates that the environment or Settings may override. */
const OVERRIDABLE = {
  opens_at: { variable: "COMPETITION_OPENS_AT", inForce: "opensAt" },
  closes_at: { variable: "COMPETITION_CLOSES_AT", inForce: "closesAt" },
} as const;

/** Why a main-phase date on the page is not the one the field holds. */
function OverrideNote({
  source,
  variable,
  inForce,
  zone,
}: {
  source: OverrideSource;
  variable: string;
  inForce: Date;
  zone: ZoneView;
}) {
  if (source === null) return null;
  const when = formatInZone(inForce, zone.id);
  return source === "environment" ? (
    <Text span c="orange" fw={600} inherit>
      Set by the environment ({variable}): {when} is in force, not this value, which applies only
      once the variable is removed.
    </Text>
  ) : (
    <Text span c="orange" fw={600} inherit>
      Set in{" "}
      <Anchor component={Link} to="/admin/settings" inherit>
        Settings
      </Anchor>
      : {when} is in force, not this value. Clear the window there for this date to apply.
    </Text>
  );
}

function PhaseCard({
  index,
  draft,
  edit,
  zone,
  notes,
}: SectionProps & { index: number; zone: ZoneView; notes: { start: ReactNode; end: ReactNode } }) {
  const phase = draft.phases[index];
  if (!phase) return null;
  const place = draftPlaces(edit, `phases.${index}`, phase, (d) => d.phases[index]!);
  const name = phase.name || phase.id;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={`Phase ${phase.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <DraftText
            label={`Phase "${phase.id}": name`}
            {...place("name")}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Checkbox
            label="Submissions count (unchecked: a practice phase)"
            checked={phase.counts}
            onChange={(event) => {
              const counts = event.currentTarget.checked;
              edit((d) => {
                d.phases[index]!.counts = counts;
              });
            }}
            mb={8}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DraftMoment
            label={`${name} starts`}
            zone={zone}
            note={notes.start}
            {...place("starts_at")}
          />
          <DraftMoment label={`${name} ends`} zone={zone} note={notes.end} {...place("ends_at")} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The dates that may be a day or a month to be decided, as the pages show them. */
const DAY_OR_MONTH_DATES = [
  { name: "registration_opens", label: "Registration opens" },
  { name: "winners", label: "Winners announced" },
  { name: "workshop", label: "Workshop" },
] as const;

function DayOrMonthDate({
  name,
  label,
  draft,
  edit,
}: SectionProps & { name: (typeof DAY_OR_MONTH_DATES)[number]["name"]; label: string }) {
  const error = useIssue(`dates.${name}`);
  return (
    <DayOrMonthField
      label={label}
      value={draft.dates[name]}
      timeZone={draft.time_zone.id}
      error={error}
      onChange={(value) =>
        edit((d) => {
          d.dates[name] = value;
        })
      }
    />
  );
}

/**
 * The edition's dates, each in the competition's time zone: the phases (the main one decides
 * which submissions count), registration, winners and workshop, the archive date.
 */
export function DatesSection({ draft, edit, overrides, inForce }: DatesSectionProps) {
  const zone = draft.time_zone;
  const zoneText = draftPlaces(edit, "time_zone", zone, (d) => d.time_zone);
  const overrideNote = (date: keyof typeof OVERRIDABLE) => (
    <OverrideNote
      source={overrides[date]}
      variable={OVERRIDABLE[date].variable}
      inForce={inForce[OVERRIDABLE[date].inForce]}
      zone={zone}
    />
  );
  const archiveError = useIssue("dates.archived_at");
  const phasesError = useIssue("phases");
  const main = draft.phases.length > 0 ? mainPhaseOf(draft.phases) : undefined;

  return (
    <Stack gap="lg">
      <SectionCard id="zone-title" title="Time zone">
        <Text size="sm" c="dimmed">
          Every date below is entered, and shown on the pages, in {zoneTitle(zone)} time.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DraftText
            label="Name on the pages"
            description="e.g. US Central"
            {...zoneText("name")}
          />
          <DraftText
            label="IANA time zone"
            description="e.g. America/Chicago"
            {...zoneText("id")}
          />
        </SimpleGrid>
      </SectionCard>

      <TitledSection id="phases-title" title="Phases">
        <Text size="sm" c="dimmed">
          Submissions count only inside a phase that counts; the last one that counts is the main
          phase, whose end is the submission deadline.
        </Text>
        {phasesError && (
          <Text size="sm" c="red" role="alert">
            {phasesError}
          </Text>
        )}
        {draft.phases.map((phase, index) => {
          const isMain = phase === main;
          return (
            <PhaseCard
              key={phase.id}
              index={index}
              draft={draft}
              edit={edit}
              zone={zone}
              notes={{
                start: isMain ? overrideNote("opens_at") : null,
                end: isMain ? overrideNote("closes_at") : null,
              }}
            />
          );
        })}
      </TitledSection>

      <SectionCard id="dates-title" title="Other dates">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {DAY_OR_MONTH_DATES.map(({ name, label }) => (
            <DayOrMonthDate key={name} name={name} label={label} draft={draft} edit={edit} />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <ZonedDateTimeField
            label="Archived at (optional)"
            value={draft.dates.archived_at}
            zone={zone}
            optional
            error={archiveError}
            note="After the reveal, the competition is archived then; empty: never."
            onChange={(value) =>
              edit((d) => {
                if (value === undefined) delete d.dates.archived_at;
                else d.dates.archived_at = value;
              })
            }
          />
        </SimpleGrid>
      </SectionCard>
    </Stack>
  );
}
