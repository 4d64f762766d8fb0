import {
  Badge,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import {
  type ChallengeDefinition,
  DEFAULT_FEEDBACK,
  METRICS,
  type MetricId,
} from "@tandem/competition";
import { memo } from "react";
import { SectionCard } from "../../SectionCard";
import classes from "../Admin.module.css";
import { CountInput } from "../CountInput";
import type { Draft, EditDraft, SectionProps } from "./draft";
import { FeedbackField } from "./FeedbackField";
import { numberOrUndefined } from "./fields";
import { useIssue } from "./issues";
import { LeaderboardVisibilityField } from "./LeaderboardVisibilityField";

/** The catalogue's metrics that score this challenge's kind of target (validation refuses others). */
const metricOptions = (challenge: ChallengeDefinition) => {
  const fitting = (Object.keys(METRICS) as MetricId[]).filter(
    (id) => METRICS[id].target === challenge.target.kind,
  );
  const ids = fitting.includes(challenge.metric) ? fitting : [challenge.metric, ...fitting];
  return ids.map((id) => ({
    value: id,
    label: `${METRICS[id].name} (${METRICS[id].higherIsBetter ? "higher" : "lower"} is better)`,
  }));
};

/** A fraction (0.3) as the percent the form shows (30), and back. */
const toPercent = (fraction: number) => Math.round(fraction * 10_000) / 100;
const toFraction = (percent: number) => Math.round(percent * 100) / 10_000;

/** A whole number from 1 to `max`; `undefined` while the field is empty. */
function CountField({
  max,
  onChange,
  ...field
}: {
  label: string;
  description?: string;
  placeholder?: string;
  max: number;
  value: number | "";
  error: string | undefined;
  onChange: (count: number | undefined) => void;
}) {
  return (
    <CountInput
      {...field}
      min={1}
      max={max}
      onChange={(value) => onChange(numberOrUndefined(value))}
    />
  );
}

/** The counts a challenge may set for itself, each falling back to a default of the limits. */
const OWN_COUNTS = [
  {
    name: "daily_limit",
    label: "Daily limit",
    max: 10_000,
    fallback: "daily_submissions",
    fallbackLabel: "Daily submissions per challenge",
  },
  {
    name: "final_picks",
    label: "Final picks",
    max: 20,
    fallback: "final_picks",
    fallbackLabel: "Final picks per challenge",
  },
] as const;

interface ChallengeCardProps {
  domainSlug: string;
  domainIndex: number;
  index: number;
  challenge: ChallengeDefinition;
  limits: Draft["limits"];
  used: boolean;
  edit: EditDraft;
}

const ChallengeCard = memo(function ChallengeCard({
  domainSlug,
  domainIndex,
  index,
  challenge,
  limits,
  used,
  edit,
}: ChallengeCardProps) {
  const at = `domains.${domainIndex}.challenges.${index}`;
  const metricError = useIssue(`${at}.metric`);
  const countErrors = {
    daily_limit: useIssue(`${at}.daily_limit`),
    final_picks: useIssue(`${at}.final_picks`),
  };
  const fractionError = useIssue(`${at}.split.public_fraction`);
  const groupError = useIssue(`${at}.split.group_by`);
  const feedbackError = useIssue(`${at}.feedback`);
  const key = `${domainSlug}/${challenge.number}`;
  const change = (recipe: (c: ChallengeDefinition) => void) =>
    edit((d) => recipe(d.domains[domainIndex]!.challenges[index]!));
  const titleId = `challenge-${domainSlug}-${challenge.number}`;

  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fw={600} size="sm" id={titleId}>
            {key}: {challenge.title}
          </Text>
          {used ? (
            <Badge color="orange" variant="light">
              Has submissions
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              No submissions
            </Badge>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label={`Metric of ${key}`}
            data={metricOptions(challenge)}
            value={challenge.metric}
            allowDeselect={false}
            error={metricError}
            description={used ? "Changing it rescores its submissions." : undefined}
            onChange={(metric) => {
              if (metric) change((c) => (c.metric = metric as MetricId));
            }}
          />
          {OWN_COUNTS.map(({ name, label, max, fallback }) => (
            <CountField
              key={name}
              label={`${label} of ${key}`}
              description={`Empty: the default, ${limits[fallback]}`}
              placeholder={String(limits[fallback])}
              max={max}
              value={challenge[name] ?? ""}
              error={countErrors[name]}
              onChange={(count) =>
                change((c) => {
                  if (count === undefined) delete c[name];
                  else c[name] = count;
                })
              }
            />
          ))}
          <NumberInput
            classNames={{ wrapper: classes.numberField }}
            label={`Public share of ${key} (%)`}
            description={`Empty: the default, ${toPercent(limits.public_fraction)}%`}
            placeholder={String(toPercent(limits.public_fraction))}
            min={0}
            max={100}
            decimalScale={2}
            allowNegative={false}
            value={challenge.split ? toPercent(challenge.split.public_fraction) : ""}
            error={fractionError ?? groupError}
            onChange={(value) =>
              change((c) => {
                const percent = numberOrUndefined(value);
                if (percent === undefined) {
                  // The group column stays: only the fraction falls back to the default.
                  if (c.split?.group_by) {
                    c.split = {
                      public_fraction: limits.public_fraction,
                      group_by: c.split.group_by,
                    };
                  } else delete c.split;
                } else c.split = { ...c.split, public_fraction: toFraction(percent) };
              })
            }
          />
        </SimpleGrid>
        <FeedbackField
          label={`Feedback of ${key}`}
          value={challenge.feedback}
          inherited={limits.feedback ?? DEFAULT_FEEDBACK}
          error={feedbackError}
          onChange={(feedback) =>
            change((c) => {
              if (feedback === undefined) delete c.feedback;
              else c.feedback = feedback;
            })
          }
        />
      </Stack>
    </Card>
  );
});

/**
 * Who sees the leaderboards, each challenge's policies (metric, daily limit, final picks, public
 * share, feedback) and the defaults the challenges without their own follow. Challenges with
 * submissions are marked: their metric changes need a rescore, and their split is fixed once
 * their answers are loaded.
 */
export function ChallengesSection({
  draft,
  edit,
  used,
}: SectionProps & { used: ReadonlySet<string> }) {
  const defaultErrors = {
    daily_submissions: useIssue("limits.daily_submissions"),
    final_picks: useIssue("limits.final_picks"),
  };
  const shareError = useIssue("limits.public_fraction");
  const feedbackError = useIssue("limits.feedback");
  const { limits } = draft;

  return (
    <Stack gap="lg">
      <LeaderboardVisibilityField draft={draft} edit={edit} />
      <SectionCard id="limits-title" title="Defaults">
        <Text size="sm" c="dimmed">
          Every challenge without its own value follows these. A daily limit or final picks set in
          Settings win over both, as do a team's own daily limit and the deployment's
          SUBMISSIONS_PER_DAY.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {OWN_COUNTS.map(({ max, fallback, fallbackLabel }) => (
            <CountField
              key={fallback}
              label={fallbackLabel}
              max={max}
              value={limits[fallback]}
              error={defaultErrors[fallback]}
              onChange={(count) =>
                edit((d) => {
                  d.limits[fallback] = count as number;
                })
              }
            />
          ))}
          <NumberInput
            classNames={{ wrapper: classes.numberField }}
            label="Public share of the test rows (%)"
            min={0}
            max={100}
            decimalScale={2}
            allowNegative={false}
            value={toPercent(limits.public_fraction)}
            error={shareError}
            onChange={(value) =>
              edit((d) => {
                const percent = numberOrUndefined(value);
                d.limits.public_fraction = (
                  percent === undefined ? undefined : toFraction(percent)
                ) as number;
              })
            }
          />
        </SimpleGrid>
        <FeedbackField
          label="Feedback"
          value={limits.feedback ?? DEFAULT_FEEDBACK}
          error={feedbackError}
          onChange={(feedback) =>
            edit((d) => {
              d.limits.feedback = feedback ?? DEFAULT_FEEDBACK;
            })
          }
        />
      </SectionCard>

      {draft.domains.map((domain, domainIndex) => (
        <Stack
          key={domain.slug}
          gap="sm"
          component="section"
          aria-labelledby={`domain-${domain.slug}`}
        >
          <Title order={2} size="h4" id={`domain-${domain.slug}`}>
            {domain.name}
          </Title>
          {domain.challenges.map((challenge, index) => (
            <ChallengeCard
              key={challenge.number}
              domainSlug={domain.slug}
              domainIndex={domainIndex}
              index={index}
              challenge={challenge}
              limits={limits}
              used={used.has(`${domain.slug}/${challenge.number}`)}
              edit={edit}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
