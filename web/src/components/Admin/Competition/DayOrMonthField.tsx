import { Group, SegmentedControl, TextInput } from "@mantine/core";
import type { CompetitionDefinition } from "@tandem/competition";
import { isTimeZone } from "../../../competition/timeZones";
import { toZonedInput } from "./zonedTime";

/** A date of the definition: a day, a moment, or `{ tbd: month }` (a month, day to be decided). */
export type DateValue = CompetitionDefinition["dates"]["winners"];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayOf(value: DateValue, timeZone: string): string {
  if (typeof value === "object") return `${value.tbd.slice(0, 7)}-01`;
  if (DAY.test(value)) return value;
  // A moment: the day it falls on where the competition is.
  return toZonedInput(value, isTimeZone(timeZone) ? timeZone : "UTC").slice(0, 10);
}

interface DayOrMonthFieldProps {
  label: string;
  value: DateValue;
  timeZone: string;
  onChange: (value: DateValue) => void;
  error?: string | undefined;
}

/**
 * A day, or "TBD" with only its month (the pages then say "{month} {year} (date TBD)"). A day
 * is a calendar day wherever it is read, so it needs no time zone.
 */
export function DayOrMonthField({ label, value, timeZone, onChange, error }: DayOrMonthFieldProps) {
  const tbd = typeof value === "object";
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      {tbd ? (
        <TextInput
          type="month"
          label={`${label} (month, day TBD)`}
          placeholder="YYYY-MM"
          value={value.tbd.slice(0, 7)}
          onChange={(event) => onChange({ tbd: event.currentTarget.value })}
          error={error}
          style={{ flex: 1 }}
        />
      ) : (
        <TextInput
          type="date"
          label={label}
          value={dayOf(value, timeZone)}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          style={{ flex: 1 }}
        />
      )}
      <SegmentedControl
        aria-label={`${label}: a day or TBD`}
        size="xs"
        data={[
          { value: "day", label: "Day" },
          { value: "tbd", label: "TBD" },
        ]}
        value={tbd ? "tbd" : "day"}
        onChange={(mode) => {
          if (mode === "tbd" && !tbd) onChange({ tbd: dayOf(value, timeZone).slice(0, 7) });
          if (mode === "day" && tbd) onChange(dayOf(value, timeZone));
        }}
        mb={error ? 22 : 0}
      />
    </Group>
  );
}
