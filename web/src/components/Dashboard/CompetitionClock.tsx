import { DeadlineClock } from "../Clock/DeadlineClock";

/**
 * The dashboard's line about the deadline, in the participant's time zone, from the definition
 * in force (ADR 0014, issue 33). A pause is said by the site's banner (SiteBanners), on every page.
 */
export function CompetitionClock() {
  return (
    <div data-testid="competition-clock">
      <DeadlineClock />
    </div>
  );
}
