import { SubmissionsList } from "../../components/Admin/Submissions/SubmissionsList";

/** /admin/submissions */
export default function AdminSubmissionsPage() {
  return <SubmissionsList />;
}
