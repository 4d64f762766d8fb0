import {
  Anchor,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { type AdminCompetition, mainPhaseOf } from "@tandem/competition";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DayOrMonthField } from "./DayOrMonthField";
import type { SectionProps } from "./draft";
import { useIssue } from "./issues";
import { ZonedDateTimeField, type ZoneView, zoneTitle } from "./ZonedDateTimeField";
import { formatInZone } from "./zonedTime";

type OverrideSource = AdminCompetition["overrides"]["opens_at"];

interface DatesSectionProps extends SectionProps {
  overrides: AdminCompetition["overrides"];
  /** The main phase's dates in force (overrides applied), from the public read. */
  inForce: { opensAt: Date; closesAt: Date };
}

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
  const at = `phases.${index}`;
  const nameError = useIssue(`${at}.name`);
  const startError = useIssue(`${at}.starts_at`);
  const endError = useIssue(`${at}.ends_at`);
  if (!phase) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={`Phase ${phase.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <TextInput
            label={`Phase "${phase.id}": name`}
            value={phase.name}
            error={nameError}
            onChange={(event) => {
              const name = event.currentTarget.value;
              edit((d) => {
                d.phases[index]!.name = name;
              });
            }}
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
          <ZonedDateTimeField
            label={`${phase.name || phase.id} starts`}
            value={phase.starts_at}
            zone={zone}
            error={startError}
            note={notes.start}
            onChange={(value) =>
              edit((d) => {
                d.phases[index]!.starts_at = value ?? "";
              })
            }
          />
          <ZonedDateTimeField
            label={`${phase.name || phase.id} ends`}
            value={phase.ends_at}
            zone={zone}
            error={endError}
            note={notes.end}
            onChange={(value) =>
              edit((d) => {
                d.phases[index]!.ends_at = value ?? "";
              })
            }
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/**
 * The edition's dates, each in the competition's time zone: the phases (the main one decides
 * which submissions count), registration, winners and workshop, the archive date.
 */
export function DatesSection({ draft, edit, overrides, inForce }: DatesSectionProps) {
  const zone = draft.time_zone;
  const zoneIdError = useIssue("time_zone.id");
  const zoneNameError = useIssue("time_zone.name");
  const registrationError = useIssue("dates.registration_opens");
  const winnersError = useIssue("dates.winners");
  const workshopError = useIssue("dates.workshop");
  const archiveError = useIssue("dates.archived_at");
  const phasesError = useIssue("phases");
  const main = draft.phases.length > 0 ? mainPhaseOf(draft.phases) : undefined;

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="zone-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="zone-title">
            Time zone
          </Title>
          <Text size="sm" c="dimmed">
            Every date below is entered, and shown on the pages, in {zoneTitle(zone)} time.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Name on the pages"
              description="e.g. US Central"
              value={zone.name}
              error={zoneNameError}
              onChange={(event) => {
                const name = event.currentTarget.value;
                edit((d) => {
                  d.time_zone.name = name;
                });
              }}
            />
            <TextInput
              label="IANA time zone"
              description="e.g. America/Chicago"
              value={zone.id}
              error={zoneIdError}
              onChange={(event) => {
                const id = event.currentTarget.value;
                edit((d) => {
                  d.time_zone.id = id;
                });
              }}
            />
          </SimpleGrid>
        </Stack>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="phases-title">
        <Title order={2} size="h4" id="phases-title">
          Phases
        </Title>
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
                start: isMain ? (
                  <OverrideNote
                    source={overrides.opens_at}
                    variable="COMPETITION_OPENS_AT"
                    inForce={inForce.opensAt}
                    zone={zone}
                  />
                ) : null,
                end: isMain ? (
                  <OverrideNote
                    source={overrides.closes_at}
                    variable="COMPETITION_CLOSES_AT"
                    inForce={inForce.closesAt}
                    zone={zone}
                  />
                ) : null,
              }}
            />
          );
        })}
      </Stack>

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="dates-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="dates-title">
            Other dates
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <DayOrMonthField
              label="Registration opens"
              value={draft.dates.registration_opens}
              timeZone={zone.id}
              error={registrationError}
              onChange={(value) =>
                edit((d) => {
                  d.dates.registration_opens = value;
                })
              }
            />
            <DayOrMonthField
              label="Winners announced"
              value={draft.dates.winners}
              timeZone={zone.id}
              error={winnersError}
              onChange={(value) =>
                edit((d) => {
                  d.dates.winners = value;
                })
              }
            />
            <DayOrMonthField
              label="Workshop"
              value={draft.dates.workshop}
              timeZone={zone.id}
              error={workshopError}
              onChange={(value) =>
                edit((d) => {
                  d.dates.workshop = value;
                })
              }
            />
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
        </Stack>
      </Card>
    </Stack>
  );
}
