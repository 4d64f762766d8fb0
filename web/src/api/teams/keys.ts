/**
 * SWR key of the signed-in user's teams; every team mutation revalidates it. Apart from
 * requests.ts so that the load-error box every page can show does not pull the team calls (and
 * their schemas) into the landing page's chunks.
 */
export const TEAMS_KEY = "/teams";
