import { Radio, Stack, Text } from "@mantine/core";
import {
  DEFAULT_LEADERBOARD_VISIBILITY,
  LEADERBOARD_VISIBILITIES,
  type LeaderboardVisibility,
} from "@tandem/competition";
import { SectionCard } from "../../SectionCard";
import type { SectionProps } from "./draft";
import { useIssue } from "./issues";

const CHOICES: Record<LeaderboardVisibility, { label: string; description: string }> = {
  organizers: {
    label: "Organizers only",
    description: "Participants are told the leaderboard is for organizers (the spec's rule).",
  },
  participants: {
    label: "Participants",
    description:
      "Signed-in members of a team see the public standings, their own row marked, and their rank after each submission.",
  },
  public: {
    label: "Everyone",
    description: "Anyone, signed in or not, sees the public standings.",
  },
};

/**
 * Who sees the leaderboards (`leaderboard_visibility`, issue 33). Whatever the choice, only
 * organizers see the private preview: others see the public standings until the reveal.
 */
export function LeaderboardVisibilityField({ draft, edit }: SectionProps) {
  const error = useIssue("leaderboard_visibility");
  return (
    <SectionCard id="board-title" title="Leaderboard">
      <Radio.Group
        label="Who sees the leaderboards"
        description="Only organizers ever see the private preview; everyone else sees the public standings until you reveal the final ones."
        value={draft.leaderboard_visibility ?? DEFAULT_LEADERBOARD_VISIBILITY}
        error={error}
        onChange={(value) =>
          edit((d) => {
            d.leaderboard_visibility = value as LeaderboardVisibility;
          })
        }
      >
        <Stack gap="xs" mt="xs">
          {LEADERBOARD_VISIBILITIES.map((choice) => (
            <Radio
              key={choice}
              value={choice}
              label={CHOICES[choice].label}
              description={CHOICES[choice].description}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Text size="xs" c="dimmed">
        In force on every page and in every submit answer as soon as the version is saved.
      </Text>
    </SectionCard>
  );
}
