import { Group, Radio, Stack } from "@mantine/core";

interface Choice {
  value: string;
  label: string;
}

const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;

interface BooleanRadiosProps {
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
  /** The radio that answers true, then the one that answers false; Yes and No unless told. */
  choices?: readonly [Choice, Choice];
  /** Side by side (short answers) rather than one under the other. */
  inline?: boolean;
}

/** A yes-or-no question answered with two radios. */
export function BooleanRadios({
  label,
  value,
  onChange,
  choices: [yes, no] = YES_NO,
  inline = false,
}: BooleanRadiosProps) {
  const radios = (
    <>
      <Radio value={yes.value} label={yes.label} />
      <Radio value={no.value} label={no.label} />
    </>
  );
  return (
    <Radio.Group
      label={label}
      value={value ? yes.value : no.value}
      onChange={(next) => onChange(next === yes.value)}
    >
      {inline ? (
        <Group gap="xl" mt="xs">
          {radios}
        </Group>
      ) : (
        <Stack gap="xs" mt="xs">
          {radios}
        </Stack>
      )}
    </Radio.Group>
  );
}
