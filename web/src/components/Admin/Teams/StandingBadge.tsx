import { Badge } from "@mantine/core";
import type { AdminTeamRow } from "@tandem/contracts";

const COLORS = { active: "green", inactive: "gray", disqualified: "red" } as const;
const LABELS = { active: "Active", inactive: "Inactive", disqualified: "Disqualified" } as const;

export function StandingBadge({ standing }: { standing: AdminTeamRow["standing"] }) {
  return (
    <Badge variant="light" color={COLORS[standing]} style={{ flex: "none" }}>
      {LABELS[standing]}
    </Badge>
  );
}
