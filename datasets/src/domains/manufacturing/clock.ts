import { START } from "./catalogue";

/** The ISO time of an hour counted from the start of the year. */
export const iso = (hour: number) =>
  new Date(START + Math.round(hour * 60) * 60_000).toISOString().replace(".000Z", "Z");
const DATES: string[] = [];
/** `iso` for whole minutes, without a Date per call (the sensor files have hundreds of thousands). */
export const isoMinute = (hour: number) => {
  const minutes = Math.round(hour * 60);
  const day = Math.floor(minutes / 1440);
  DATES[day] ??= iso(day * 24).slice(0, 11);
  const hh = Math.floor((minutes % 1440) / 60);
  const mm = minutes % 60;
  return `${DATES[day]}${hh < 10 ? "0" : ""}${hh}:${mm < 10 ? "0" : ""}${mm}:00Z`;
};
