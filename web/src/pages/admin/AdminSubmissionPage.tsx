import { useParams } from "react-router";
import { SubmissionDetail } from "../../components/Admin/Submissions/SubmissionDetail";

/** /admin/submissions/:submissionId */
export default function AdminSubmissionPage() {
  const { submissionId = "" } = useParams();
  return <SubmissionDetail key={submissionId} submissionId={submissionId} />;
}
