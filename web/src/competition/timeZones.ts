/** Moments shown in the competition's own time zone, the same for every reader. */

/** Whether `id` is a time zone `Intl` knows. */
export function isTimeZone(id: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: id });
    return true;
  } catch {
    return false;
  }
}

/** "Sun, Oct 26, 2025, 11:59 PM CDT": a moment as the organizer reads it, in `timeZone`. */
export function formatInZone(at: Date | string, timeZone: string): string {
  const date = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return String(at);
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: isTimeZone(timeZone) ? timeZone : "UTC",
    timeZoneName: "short",
  }).format(date);
}
