import { Navigate, Outlet, useLocation } from "react-router";
import { AuthChecking } from "./AuthChecking";
import { useAuth } from "./AuthContext";
import { returnTo } from "./redirect";

/** Route element for pages that need a signed-in user; remembers where the visitor was going. */
export function ProtectedRoute() {
  const { status } = useAuth();
  const location = useLocation();

  if (status === "loading") return <AuthChecking minHeight="50vh" />;
  if (status === "unauthenticated") {
    return <Navigate to="/login" replace state={returnTo(location)} />;
  }
  return <Outlet />;
}
