import { TextInput } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { isTimeZone } from "../../../competition/timeZones";
import { fromZonedInput, toZonedInput, zoneAbbreviation } from "./zonedTime";

export interface ZoneView {
  /** IANA id, e.g. America/Chicago. */
  id: string;
  /** How the pages name it, e.g. "US Central". */
  name: string;
}

/** "US Central (America/Chicago)" */
export const zoneTitle = (zone: ZoneView) => `${zone.name} (${zone.id})`;

interface ZonedDateTimeFieldProps {
  label: string;
  /** An ISO moment; undefined: not set. */
  value: string | undefined;
  zone: ZoneView;
  /**
   * Gets the new moment with the zone's offset at it, or the input's text as typed when it
   * names no moment (the validation then reports the field, so nothing wrong is saved);
   * undefined when emptied and `optional`.
   */
  onChange: (value: string | undefined) => void;
  optional?: boolean;
  error?: string | undefined;
  /** Shown under the zone's line (an override, what the date decides). */
  note?: ReactNode;
}

const MOMENT = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const SKIPPED =
  "The clocks skip this time on that day (daylight saving time starts): pick another.";

/**
 * A moment edited as a wall-clock time in the competition's time zone, whatever the browser's:
 * the organizer types the time the pages will show. The line below names the zone and its
 * offset at that moment (CDT or CST), so a date across a daylight-saving change reads right.
 */
export function ZonedDateTimeField({
  label,
  value,
  zone,
  onChange,
  optional = false,
  error,
  note,
}: ZonedDateTimeFieldProps) {
  // A zone being typed may not exist yet: show UTC until it does (the validation says why).
  const timeZone = isTimeZone(zone.id) ? zone.id : "UTC";
  const [input, setInput] = useState({ value, timeZone, text: toZonedInput(value, timeZone) });
  const [problem, setProblem] = useState<string | null>(null);
  // Follow a value or zone changed from outside (a reload, a new zone); not our own edits.
  if (input.value !== value || input.timeZone !== timeZone) {
    setInput({ value, timeZone, text: toZonedInput(value, timeZone) });
    setProblem(null);
  }

  const change = (text: string) => {
    const parsed = fromZonedInput(text, timeZone);
    let next: string | undefined;
    if (parsed.ok) {
      // The same moment as stored keeps the stored text: no change to review.
      const same =
        value !== undefined &&
        MOMENT.test(value) &&
        new Date(value).getTime() === new Date(parsed.iso).getTime();
      next = same ? value : parsed.iso;
      setProblem(null);
    } else if (parsed.reason === "empty") {
      next = optional ? undefined : "";
      setProblem(null);
    } else {
      next = text;
      setProblem(parsed.reason === "skipped" ? SKIPPED : "Enter a date and a time.");
    }
    setInput({ value: next, timeZone, text });
    onChange(next);
  };

  const at = value ? new Date(value) : null;
  const offset = at && !Number.isNaN(at.getTime()) ? `: ${zoneAbbreviation(at, timeZone)}` : "";
  return (
    <TextInput
      type="datetime-local"
      label={label}
      value={input.text}
      onChange={(event) => change(event.currentTarget.value)}
      error={problem ?? error}
      description={
        <>
          In {zoneTitle(zone)} time{offset}.{note ? <> {note}</> : null}
        </>
      }
    />
  );
}
