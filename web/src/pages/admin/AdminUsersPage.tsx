import { UsersList } from "../../components/Admin/Users/UsersList";

/** /admin/users */
export default function AdminUsersPage() {
  return <UsersList />;
}
