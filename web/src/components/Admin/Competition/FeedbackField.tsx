import { NumberInput, type NumberInputProps, Select, SimpleGrid } from "@mantine/core";
import { DEFAULT_FEEDBACK, type FeedbackPolicy } from "@tandem/competition";
import classes from "../Admin.module.css";
import { numberOrUndefined } from "./fields";

const POLICIES = [
  { value: "ladder", label: "Ladder" },
  { value: "rounded", label: "Rounded" },
  { value: "exact", label: "Exact" },
] as const;

const DESCRIPTIONS: Record<FeedbackPolicy["policy"], string> = {
  ladder: "Shown only when it beats the team's best by the threshold",
  rounded: "Every score, rounded",
  exact: "Every score as computed: probeable",
};
const INHERIT = "default";

/** The policy an organizer picks, with the numbers it needs filled from the one it replaces. */
function withPolicy(name: FeedbackPolicy["policy"], from: FeedbackPolicy): FeedbackPolicy {
  const digits = from.policy === "exact" ? DEFAULT_FEEDBACK.digits : from.digits;
  if (name === "exact") return { policy: "exact" };
  if (name === "rounded") return { policy: "rounded", digits };
  return {
    policy: "ladder",
    digits,
    threshold: from.policy === "ladder" ? from.threshold : DEFAULT_FEEDBACK.threshold,
  };
}

/** One of a policy's numbers (never negative); cleared, it is left undefined for the form's check to name. */
function PolicyNumber({
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, "value" | "onChange"> & {
  value: number;
  onChange: (next: number) => void;
}) {
  return (
    <NumberInput
      classNames={{ wrapper: classes.numberField }}
      min={0}
      allowNegative={false}
      value={value}
      onChange={(input) => onChange(numberOrUndefined(input) ?? (undefined as unknown as number))}
      {...props}
    />
  );
}

/**
 * What teams are shown of their public scores (docs/adr/0015-feedback-policy.md). `inherited`:
 * the edition's default, which a challenge follows while `value` is undefined.
 */
export function FeedbackField({
  label,
  value,
  inherited,
  error,
  onChange,
}: {
  label: string;
  value: FeedbackPolicy | undefined;
  inherited?: FeedbackPolicy;
  error?: string | undefined;
  onChange: (next: FeedbackPolicy | undefined) => void;
}) {
  const shown = value ?? inherited ?? DEFAULT_FEEDBACK;
  const options = inherited
    ? [{ value: INHERIT, label: "The default" }, ...POLICIES]
    : [...POLICIES];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Select
        label={label}
        description={DESCRIPTIONS[shown.policy]}
        data={options}
        value={value === undefined && inherited ? INHERIT : shown.policy}
        allowDeselect={false}
        error={error}
        onChange={(name) => {
          if (!name) return;
          onChange(
            name === INHERIT ? undefined : withPolicy(name as FeedbackPolicy["policy"], shown),
          );
        }}
      />
      {value !== undefined && value.policy !== "exact" && (
        <PolicyNumber
          label="Decimals shown"
          description="Of each score the team sees"
          max={12}
          allowDecimal={false}
          value={value.digits}
          onChange={(digits) => onChange({ ...value, digits })}
        />
      )}
      {value?.policy === "ladder" && (
        <PolicyNumber
          label="Threshold"
          description="The gain to show, in the metric's units"
          decimalScale={6}
          value={value.threshold}
          onChange={(threshold) => onChange({ ...value, threshold })}
        />
      )}
    </SimpleGrid>
  );
}
