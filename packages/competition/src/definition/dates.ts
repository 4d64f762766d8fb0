import type { DateValue } from "./schema";

/** How the pages write the competition's dates, always in its own time zone. */

const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
  parts.find((p) => p.type === type)?.value ?? "";

/** "Saturday 18 May 2030 00:01" (the rules' window). */
export function longDateTime(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const p = (type: Intl.DateTimeFormatPartTypes) => part(parts, type);
  return `${p("weekday")} ${p("day")} ${p("month")} ${p("year")} ${p("hour")}:${p("minute")}`;
}

/** "CDT" and "UTC-5": the zone's abbreviation and offset at that moment. */
export function zoneAt(at: Date, timeZone: string): { abbr: string; offset: string } {
  const name = (style: "short" | "shortOffset") =>
    part(
      new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: style }).formatToParts(at),
      "timeZoneName",
    );
  const offset = name("shortOffset")
    .replace(/^GMT/, "UTC")
    .replace(/^UTC\+0$/, "UTC");
  return { abbr: name("short"), offset: offset === "UTC" ? "UTC+0" : offset };
}

/** "Sunday, May 12, 2030, 10:00 CDT" (a webinar). */
export function eventDateTime(at: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(at);
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  return `${day}, ${part(parts, "hour")}:${part(parts, "minute")} ${zoneAt(at, timeZone).abbr}`;
}

const monthYear = (month: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", year: "numeric" }).format(
    new Date(`${month.slice(0, 7)}-15T12:00:00Z`),
  );

/** "May 18, 2030", or "June 2030 (date TBD)" for a month still to be decided. */
export function calendarDate(value: DateValue, timeZone: string): string {
  if (typeof value === "object") return `${monthYear(value.tbd)} (date TBD)`;
  // A plain day is that day wherever it is read; a moment is the day it falls on in the zone.
  const plainDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Intl.DateTimeFormat("en-US", {
    timeZone: plainDay ? "UTC" : timeZone,
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(new Date(plainDay ? `${value}T12:00:00Z` : value));
}

/** The earliest moment a date value stands for (a month: its first day), for ordering. */
export function earliestMoment(value: DateValue): Date {
  if (typeof value === "object") return new Date(`${value.tbd.slice(0, 7)}-01T00:00:00Z`);
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}
