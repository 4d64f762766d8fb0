import type { AdminCompetition, PhaseState } from "@tandem/competition";
import { formatInZone } from "../../../competition/timeZones";
import { Fact, Facts } from "../../Facts";
import { formatDateTime } from "../time";

const STATES: Record<PhaseState, string> = {
  registration: "Registration: no phase running",
  practice: "Practice: submissions do not count",
  open: "Open: submissions count",
  closed: "Closed: standings frozen",
  revealed: "Final standings revealed",
  archived: "Archived",
};

/** When the state ends: by the clock in the competition's zone, or what else ends it. */
function endOf({ status, definition }: AdminCompetition): string {
  if (status.ends_at) return formatInZone(status.ends_at, definition.time_zone.id);
  return status.state === "closed" ? "At the organizers' reveal" : "Never";
}

/** Where the competition stands (by the clock, overrides applied) and which version is in force. */
export function CompetitionStatus({ data }: { data: AdminCompetition }) {
  const zone = data.definition.time_zone;
  return (
    <Facts strong>
      <Fact label="State">{STATES[data.status.state]}</Fact>
      <Fact label="Phase">{data.status.phase?.name ?? "None"}</Fact>
      <Fact label="Ends">{endOf(data)}</Fact>
      <Fact label="Time zone">
        {zone.name}
        <br />
        {zone.id}
      </Fact>
      <Fact label="Version in force">
        {data.version === 0 ? "0 (the default edition)" : String(data.version)}
      </Fact>
      <Fact label="Last saved">
        {data.updated_at
          ? `${formatDateTime(data.updated_at)}${data.updated_by ? ` by ${data.updated_by}` : ""}`
          : "Never (the default)"}
      </Fact>
    </Facts>
  );
}
