/** The reader's IANA time zone ("Europe/Berlin"), which the charts' times are drawn in. */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A moment in the reader's time zone, as the charts' tables and summaries write it. */
export function formatChartTime(at: Date | string | number): string {
  return dateTime.format(new Date(at));
}

/** "1 submission", "3 submissions". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
}

/** Tick labels for counts: whole numbers only (uPlot also places ticks at halves). */
export function formatCount(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString("en") : "";
}
