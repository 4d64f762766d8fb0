import { CompetitionEditor } from "../../components/Admin/Competition/CompetitionEditor";

/** /admin/competition */
export default function AdminCompetitionPage() {
  return <CompetitionEditor />;
}
