/**
 * How long after its start a webinar may still be running: until then its meeting link is
 * offered; after it, the webinar has taken place and the link would lead nowhere.
 */
export const WEBINAR_LIVE_MS = 2 * 60 * 60 * 1000;

export function webinarHasTakenPlace(startsAt: Date, now: Date): boolean {
  return now.getTime() - startsAt.getTime() > WEBINAR_LIVE_MS;
}
