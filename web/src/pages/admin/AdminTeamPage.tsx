import { useParams } from "react-router";
import { TeamDetail } from "../../components/Admin/Teams/TeamDetail";

/** /admin/teams/:teamId */
export default function AdminTeamPage() {
  const { teamId = "" } = useParams();
  // A fresh page per team: nothing typed for one team carries over to the next.
  return <TeamDetail key={teamId} teamId={teamId} />;
}
