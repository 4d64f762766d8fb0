import { Table, Text, VisuallyHidden } from "@mantine/core";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import classes from "./Leaderboard.module.css";

function Change({ change }: { change: number }) {
  if (change === 0) {
    return (
      <Text span size="sm" c="dimmed">
        <span aria-hidden="true">–</span>
        <VisuallyHidden>{LEADERBOARD_MESSAGES.rankSame}</VisuallyHidden>
      </Text>
    );
  }
  const up = change > 0;
  return (
    <Text span size="sm" fw={700} c={up ? "teal" : "red"}>
      <span aria-hidden="true">
        {up ? "▲" : "▼"}
        {Math.abs(change)}
      </span>
      <VisuallyHidden>
        {up ? LEADERBOARD_MESSAGES.rankUp(change) : LEADERBOARD_MESSAGES.rankDown(Math.abs(change))}
      </VisuallyHidden>
    </Text>
  );
}

/** The head cells of the public rank and the change, beside the private or final rank. */
export function RankChangeHeads() {
  return (
    <>
      <Table.Th scope="col" className={classes.nowrap}>
        {LEADERBOARD_MESSAGES.publicRankColumn}
      </Table.Th>
      <Table.Th scope="col">{LEADERBOARD_MESSAGES.rankChangeColumn}</Table.Th>
    </>
  );
}

/**
 * A team's public rank and how far it moved to its private one, spelled out ("up 2") for screen
 * readers rather than left to an arrow and a colour.
 */
export function RankChangeCells({
  publicRank,
  change,
}: {
  publicRank: number | undefined;
  change: number | undefined;
}) {
  if (publicRank === undefined || change === undefined) {
    return (
      <>
        <Table.Td>
          <Text span c="dimmed" aria-hidden>
            —
          </Text>
          <VisuallyHidden>{LEADERBOARD_MESSAGES.notRankedPublicly}</VisuallyHidden>
        </Table.Td>
        <Table.Td>
          <Text span c="dimmed" aria-hidden>
            —
          </Text>
        </Table.Td>
      </>
    );
  }
  return (
    <>
      <Table.Td className={classes.number}>{publicRank}</Table.Td>
      <Table.Td className={classes.number}>
        <Change change={change} />
      </Table.Td>
    </>
  );
}
