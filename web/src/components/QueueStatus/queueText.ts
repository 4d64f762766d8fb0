import type { QueueStatus } from "@tandem/contracts";

/** A wait so far: "45 s", "4 min", "2 h 5 min" (whole minutes, rounded down). */
export function formatWaited(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  return hoursAndMinutes(Math.floor(seconds / 60));
}

/** A wait to come, rounded up to the minute: "~1 min", "~2 h 5 min". */
export function formatExpected(seconds: number): string {
  return `~${hoursAndMinutes(Math.max(1, Math.ceil(seconds / 60)))}`;
}

function hoursAndMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ""}`;
}

/** "Scoring queue: 120 waiting, oldest 4 min, ~3 min estimated wait, 210 scored in the last 5 minutes." */
export function describeQueue(queue: QueueStatus["queue"]): string {
  const scored = `${queue.scored_last_5_minutes} scored in the last 5 minutes`;
  if (queue.length === 0) return `Scoring queue: nothing waiting, ${scored}.`;
  const parts = [`${queue.length} waiting`];
  if (queue.oldest_wait_seconds !== null) {
    parts.push(`oldest ${formatWaited(queue.oldest_wait_seconds)}`);
  }
  parts.push(
    queue.estimated_wait_seconds === null
      ? "no wait estimate yet"
      : `${formatExpected(queue.estimated_wait_seconds)} estimated wait`,
  );
  parts.push(scored);
  return `Scoring queue: ${parts.join(", ")}.`;
}
