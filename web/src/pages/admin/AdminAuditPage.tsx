import { AuditLog } from "../../components/Admin/Audit/AuditLog";

/** /admin/audit */
export default function AdminAuditPage() {
  return <AuditLog />;
}
