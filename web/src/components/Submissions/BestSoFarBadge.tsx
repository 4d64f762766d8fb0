import { Badge, Tooltip, VisuallyHidden } from "@mantine/core";
import { SUBMISSION_MESSAGES as M } from "./messages";
import classes from "./Submissions.module.css";

/**
 * Marks a score that was not a significant improvement under the ladder policy: the number
 * beside it is the team's best shown score so far, not this submission's.
 */
export function BestSoFarBadge() {
  return (
    <Tooltip
      label={M.bestSoFarLabel}
      withArrow
      multiline
      maw={260}
      events={{ hover: true, focus: false, touch: true }}
    >
      <Badge variant="light" color="gray" size="sm" className={classes.bestSoFar}>
        <span aria-hidden>{M.bestSoFar}</span>
        <VisuallyHidden>{M.bestSoFarLabel}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
