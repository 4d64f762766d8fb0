import { Table } from "@mantine/core";
import { formatScore } from "./format";
import classes from "./Leaderboard.module.css";

/** A team's headline score, the number its rank follows. */
export function ScoreCell({ score }: { score: number }) {
  return (
    <Table.Td ta="right" fw={700} className={classes.number}>
      {formatScore(score)}
    </Table.Td>
  );
}
