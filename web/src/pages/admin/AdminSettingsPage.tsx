import { SettingsPage } from "../../components/Admin/Settings/SettingsForm";

/** /admin/settings */
export default function AdminSettingsPage() {
  return <SettingsPage />;
}
