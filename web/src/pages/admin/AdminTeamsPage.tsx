import { TeamsList } from "../../components/Admin/Teams/TeamsList";

/** /admin/teams */
export default function AdminTeamsPage() {
  return <TeamsList />;
}
