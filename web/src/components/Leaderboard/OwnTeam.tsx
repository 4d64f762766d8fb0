import { Badge } from "@mantine/core";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import classes from "./Leaderboard.module.css";

/** The reader's own row: tinted, and said in words (a tint alone tells a screen reader nothing). */
export function ownRowProps(own: boolean) {
  return own ? { "data-own": true, "aria-current": true as const } : {};
}

export function OwnTeamBadge() {
  return (
    <Badge
      component="span"
      variant="filled"
      color="blue.8"
      size="xs"
      ml={6}
      className={classes.own}
    >
      {LEADERBOARD_MESSAGES.yourTeam}
    </Badge>
  );
}
