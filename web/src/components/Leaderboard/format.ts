/** docs/product.md#leaderboards: scores are shown to 4 decimals. */
export function formatScore(value: number): string {
  return value.toFixed(4);
}

function durationParts(seconds: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(seconds / 60));
  return {
    days: Math.floor(total / 1440),
    hours: Math.floor((total % 1440) / 60),
    minutes: total % 60,
  };
}

/**
 * docs/product.md#leaderboards: time used as days, hours and minutes, e.g. "2d 3h 15m" (seconds
 * are dropped).
 */
export function formatTimeUsed(seconds: number): string {
  const { days, hours, minutes } = durationParts(seconds);
  return `${days}d ${hours}h ${minutes}m`;
}

/** The same duration spelled out, for screen readers. */
export function describeTimeUsed(seconds: number): string {
  const { days, hours, minutes } = durationParts(seconds);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  return `${plural(days, "day")}, ${plural(hours, "hour")}, ${plural(minutes, "minute")}`;
}

const ORDINAL_SUFFIX: Record<Intl.LDMLPluralRule, string> = {
  zero: "th",
  one: "st",
  two: "nd",
  few: "rd",
  many: "th",
  other: "th",
};
const ordinalRules = new Intl.PluralRules("en-US", { type: "ordinal" });

/** 1 → "1st", 2 → "2nd", 11 → "11th". */
export function ordinal(n: number): string {
  return `${n}${ORDINAL_SUFFIX[ordinalRules.select(n)]}`;
}

const updatedFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "short",
});
const updatedFormatUtc = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/**
 * When the server computed the ranking, in the reader's locale and zone; `inUtc`: in UTC and
 * en-US, named, as a page rendered per request shows it until the browser adopts it
 * (docs/adr/0028).
 */
export function formatUpdatedAt(iso: string, inUtc = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return inUtc ? `${updatedFormatUtc.format(date)} UTC` : updatedFormat.format(date);
}

/** The duration as an ISO 8601 value for `<time dateTime>`, e.g. "P2DT3H15M". */
export function isoDuration(seconds: number): string {
  const { days, hours, minutes } = durationParts(seconds);
  return `P${days}DT${hours}H${minutes}M`;
}
