import { Overview } from "../../components/Admin/Overview/Overview";

/** /admin */
export default function AdminOverviewPage() {
  return <Overview />;
}
