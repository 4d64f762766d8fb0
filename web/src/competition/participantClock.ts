import type { Competition } from "@tandem/competition";

/**
 * Deadlines and time left in the participant's own time zone, named (issue 33). The one place
 * the dashboard, the domain pages and the submit dialog format a competition moment for a
 * participant: everything goes through `Intl`, in English like the rest of the site.
 */

const LOCALE = "en-US";
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The browser's time zone (an IANA id such as "Asia/Tokyo"); UTC if the browser says none. */
export function participantTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

function zoneNameOf(zone: string, at: Date, style: "longGeneric" | "long"): string | undefined {
  return new Intl.DateTimeFormat(LOCALE, { timeZone: zone, timeZoneName: style })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
}

/**
 * "Japan Standard Time, Asia/Tokyo": the zone in words and by id. The generic name ("Central
 * Time") reads best; where Intl has none it gives an offset ("GMT+00:00"), and the specific
 * name ("Coordinated Universal Time") is used instead.
 */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  const generic = zoneNameOf(zone, at, "longGeneric");
  const words = generic && !generic.startsWith("GMT") ? generic : zoneNameOf(zone, at, "long");
  return words && words !== zone ? `${words}, ${zone}` : zone;
}

/** "Monday, November 30, 2026 at 2:59 PM": a moment as the participant's clock shows it. */
export function formatMoment(at: Date, zone: string): string {
  return new Intl.DateTimeFormat(LOCALE, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: zone,
  }).format(at);
}

/** "Monday, November 30, 2026 at 2:59 PM (Japan Standard Time, Asia/Tokyo)". */
export function formatMomentInZone(at: Date, zone: string): string {
  return `${formatMoment(at, zone)} (${zoneLabel(zone, at)})`;
}

const unit = (name: "day" | "hour" | "minute", value: number) =>
  new Intl.NumberFormat(LOCALE, { style: "unit", unit: name, unitDisplay: "long" }).format(value);

/**
 * "1 day 4 hours", "3 hours 12 minutes", "12 minutes", "less than a minute": a duration to the
 * two largest units that matter, rounded down (a deadline is never nearer than it says).
 */
export function formatDuration(ms: number): string {
  if (ms < MINUTE_MS) return "less than a minute";
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  const parts =
    days > 0
      ? [unit("day", days), hours > 0 ? unit("hour", hours) : null]
      : hours > 0
        ? [unit("hour", hours), minutes > 0 ? unit("minute", minutes) : null]
        : [unit("minute", minutes)];
  return new Intl.ListFormat(LOCALE, { type: "unit", style: "narrow" }).format(
    parts.filter((part): part is string => part !== null),
  );
}

/** What the clock says, in the participant's zone: a title and one or two sentences. */
export interface ClockView {
  state: ReturnType<Competition["status"]>["state"];
  /** "Competition is open", "Practice", "Not open yet", "Closed", "Final results revealed". */
  title: string;
  /** The deadline (or the start) with the zone named and the time left. */
  deadline: string;
  /** What the phase means for submissions; null when the deadline says it all. */
  detail: string | null;
}

/**
 * The clock at `now` from the definition in force, in `zone`. The state is worked out here from
 * the definition's dates (not taken from the server's answer at load time), so a page left open
 * across the deadline says so at the next tick.
 */
export function clockView(
  competition: Competition,
  revealed: boolean,
  now: Date,
  zone: string,
): ClockView {
  const status = competition.status(now, revealed);
  const closes = competition.window.closesAt;
  const closesText = formatMomentInZone(closes, zone);
  const left = (until: Date) => formatDuration(until.getTime() - now.getTime());
  const countUntil = `Submissions count until ${closesText}: ${left(closes)} left.`;
  switch (status.state) {
    case "open":
      return {
        state: status.state,
        title: `${status.phase?.name ?? "The competition"} is open`,
        deadline: countUntil,
        detail: null,
      };
    case "practice": {
      // A phase that does not count: when it ends, and the deadline of those that do.
      const ends = status.endsAt;
      const name = status.phase?.name ?? "Practice";
      return {
        state: status.state,
        title: name,
        deadline: ends
          ? `${name} runs until ${formatMomentInZone(ends, zone)}: ${left(ends)} left. Its submissions are scored but do not count.`
          : `${name}: submissions now are scored but do not count.`,
        detail: `Submission deadline: ${formatMoment(closes, zone)}.`,
      };
    }
    case "registration": {
      const starts = status.endsAt ?? competition.window.opensAt;
      return {
        state: status.state,
        title: "Not open yet",
        deadline: `Submissions start counting on ${formatMomentInZone(starts, zone)}, in ${left(starts)}.`,
        detail: `Submission deadline: ${formatMoment(closes, zone)}.`,
      };
    }
    case "closed":
      return {
        state: status.state,
        title: "Closed",
        deadline: `The competition closed on ${closesText}.`,
        detail:
          "The standings are frozen until the organizers reveal the final results. Later submissions are practice.",
      };
    case "revealed":
    case "archived":
      return {
        state: status.state,
        title: "Final results revealed",
        deadline: `The competition closed on ${closesText}.`,
        detail: "The final standings are revealed. Submissions are practice.",
      };
  }
}

/** "on Sunday, … at 9:00 AM (Japan Standard Time, Asia/Tokyo), in 3 hours 5 minutes". */
export function formatReset(resetsAt: Date, now: Date, zone: string): string {
  return `on ${formatMomentInZone(resetsAt, zone)}, in ${formatDuration(resetsAt.getTime() - now.getTime())}`;
}
