import { Anchor, Button, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { LEADERBOARD_MESSAGES } from "@tandem/contracts";
import { useRevealStandings } from "../../api/leaderboard/hooks";
import { SHAKE_UP_CSV_PATH, type Standings } from "../../api/leaderboard/requests";
import { ConfirmModal } from "../Dashboard/ConfirmModal";
import { useConfirmedAction } from "../Dashboard/useConfirmedAction";
import { StandingsBanner } from "./StandingsBanner";
import type { StandingsViewState } from "./useStandingsView";

function RevealButton() {
  const revealing = useRevealStandings();
  const action = useConfirmedAction({
    request: async () => ({ success: (await revealing.trigger()).revealed }),
    loading: revealing.isMutating,
    failed: LEADERBOARD_MESSAGES.revealFailed,
    done: {
      title: LEADERBOARD_MESSAGES.revealDone,
      message: LEADERBOARD_MESSAGES.revealDoneMessage,
    },
  });
  return (
    <>
      <Button size="xs" onClick={action.open}>
        {LEADERBOARD_MESSAGES.revealAction}
      </Button>
      <ConfirmModal
        {...action.modal}
        title={LEADERBOARD_MESSAGES.revealTitle}
        confirmLabel={LEADERBOARD_MESSAGES.revealConfirm}
      >
        <Text size="sm">{LEADERBOARD_MESSAGES.revealExplanation}</Text>
      </ConfirmModal>
    </>
  );
}

interface StandingsControlsProps {
  /** What the page's main leaderboard answer ranks; undefined while it loads. */
  standings: Standings | undefined;
  state: StandingsViewState;
}

/**
 * Which standings the page shows, and the organizers' tools around them (ADR 0009): the switch
 * between the public standings and the private preview, the reveal, and the shake-up export.
 * The switch and the reveal go once the final standings are revealed.
 */
export function StandingsControls({ standings, state }: StandingsControlsProps) {
  const { view, setView, reveal } = state;
  const status = reveal.data;
  const notRevealed = status?.revealed === false;

  return (
    <Stack gap="sm">
      {/* The tools appear once the reveal status says the reader is an organizer. */}
      {status && (
        <Group justify="space-between" gap="sm" wrap="wrap">
          {notRevealed ? (
            <SegmentedControl
              aria-label={LEADERBOARD_MESSAGES.standingsSwitch}
              value={view}
              onChange={(value) => setView(value === "private" ? "private" : "official")}
              data={[
                { value: "official", label: LEADERBOARD_MESSAGES.standingsSwitchPublic },
                { value: "private", label: LEADERBOARD_MESSAGES.standingsSwitchPrivate },
              ]}
            />
          ) : (
            <span />
          )}
          <Group gap="md" wrap="wrap">
            <Anchor href={SHAKE_UP_CSV_PATH} download="shake-up.csv" size="sm" fw={600}>
              {LEADERBOARD_MESSAGES.shakeUpDownload}
            </Anchor>
            {notRevealed && <RevealButton />}
          </Group>
        </Group>
      )}
      {standings && <StandingsBanner standings={standings} reveal={status} />}
    </Stack>
  );
}
