/**
 * Wall-clock times in the competition's time zone (an IANA id), whatever the organizer's own:
 * `datetime-local` inputs hold a wall-clock time with no zone, and the definition holds moments.
 * `Intl` knows every zone's rules, daylight saving time included.
 */

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallAt(at: Date, timeZone: string): Wall {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** The zone's offset from UTC at `at`, in minutes (America/Chicago in summer: -300). */
export function offsetMinutes(at: Date, timeZone: string): number {
  const w = wallAt(at, timeZone);
  const wallAsUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const whole = Math.floor(at.getTime() / 1000) * 1000;
  return Math.round((wallAsUtc - whole) / 60_000);
}

/** "-05:00" */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  return `${sign}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;
}

/** "CDT, UTC-5": how the zone is called at that moment, and its offset. */
export function zoneAbbreviation(at: Date, timeZone: string): string {
  const short =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value ?? "";
  const minutes = offsetMinutes(at, timeZone);
  const hours = `${minutes < 0 ? "-" : "+"}${Math.trunc(Math.abs(minutes) / 60)}`;
  const utc = `UTC${minutes === 0 ? "" : hours}${minutes % 60 !== 0 ? `:${pad(minutes % 60)}` : ""}`;
  return short && !short.startsWith("GMT") && short !== utc ? `${short}, ${utc}` : utc;
}

/** A moment (ISO 8601) as a `datetime-local` value in `timeZone`; "" when it is not one. */
export function toZonedInput(iso: string | undefined, timeZone: string): string {
  if (!iso) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const w = wallAt(at, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export type ZonedParse =
  | { ok: true; iso: string }
  | { ok: false; reason: "empty" | "unreadable" | "skipped" };

/**
 * A `datetime-local` value read in `timeZone` as an ISO moment with that zone's offset
 * ("2026-03-08T03:30:00-05:00"). A time the clocks skip (the hour lost when daylight saving
 * time starts) is no moment at all: "skipped". A time they pass twice (the hour repeated when
 * it ends) is its first pass, still on daylight time.
 */
export function fromZonedInput(value: string, timeZone: string): ZonedParse {
  if (!value) return { ok: false, reason: "empty" };
  const m = WALL.exec(value);
  if (!m) return { ok: false, reason: "unreadable" };
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  // 30 February and 24:00 are not wall-clock times anywhere.
  if (new Date(wallAsUtc).toISOString().slice(0, 16) !== value) {
    return { ok: false, reason: "unreadable" };
  }
  // The offsets in force a day either side cover both sides of any transition that day.
  const offsets = new Set(
    [-1, 1].map((days) => offsetMinutes(new Date(wallAsUtc + days * 86_400_000), timeZone)),
  );
  const moments = [...offsets]
    .map((offset) => wallAsUtc - offset * 60_000)
    .filter((t) => toZonedInput(new Date(t).toISOString(), timeZone) === value)
    .sort((a, b) => a - b);
  const first = moments[0];
  if (first === undefined) return { ok: false, reason: "skipped" };
  const offset = offsetMinutes(new Date(first), timeZone);
  return { ok: true, iso: `${value}:00${offsetText(offset)}` };
}
