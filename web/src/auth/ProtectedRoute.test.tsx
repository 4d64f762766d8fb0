import { Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { render, screen } from "../../test-utils/render";
import { ProtectedRoute } from "./ProtectedRoute";
import { redirectTarget } from "./redirect";

function LoginProbe() {
  const { state } = useLocation();
  return <p>Login, then back to {redirectTarget(state)}</p>;
}

function app() {
  return (
    <Routes>
      <Route element={<ProtectedRoute />}>
        <Route path="/dashboard" element={<p>Dashboard</p>} />
      </Route>
      <Route path="/login" element={<LoginProbe />} />
    </Routes>
  );
}

describe("ProtectedRoute", () => {
  it("says it is verifying the session while the session is checked", () => {
    render(app(), { route: "/dashboard", auth: { status: "loading" } });

    expect(screen.getByRole("status")).toHaveTextContent("Verifying authentication...");
    expect(screen.queryByText("Dashboard")).not.toBeInTheDocument();
  });

  it("sends a signed-out visitor to login, remembering the page with its query and hash", () => {
    render(app(), { route: "/dashboard?tab=team#members", auth: {} });

    expect(screen.getByText("Login, then back to /dashboard?tab=team#members")).toBeInTheDocument();
  });
});

describe("redirectTarget", () => {
  it("goes to the dashboard when the remembered page is missing, foreign or the login itself", () => {
    expect(redirectTarget(null)).toBe("/dashboard");
    expect(redirectTarget({ from: "https://evil.example/" })).toBe("/dashboard");
    expect(redirectTarget({ from: "/login?next=x" })).toBe("/dashboard");
    expect(redirectTarget({ from: "/leaderboard" })).toBe("/leaderboard");
  });
});
