import { describe, expect, it } from "vitest";
import { jsonResponse, render, screen, waitFor } from "../../test-utils/render";
import { stubApi } from "../components/Admin/testApi";
import { DEMO_LOGIN_OFF } from "../components/Debug/demoLogin";
import DebugPage from "./DebugPage";

function config(demo: boolean) {
  return jsonResponse({
    github_enabled: false,
    demo_login_enabled: demo,
    jupyterhub_url: null,
    submissions_paused: false,
    pause_message: null,
    competition: { opens_at: "2026-03-01T00:00:00.000Z", closes_at: "2026-06-01T00:00:00.000Z" },
    announcement: null,
  });
}

describe("the debug page's direct login", () => {
  it("stays visible when demo login is off, disabled, with the setting named", async () => {
    stubApi((call) => (call.path === "/api/config/public" ? config(false) : undefined));
    render(<DebugPage />, { auth: { user: null } });
    const reason = await screen.findByText(DEMO_LOGIN_OFF);
    expect(reason).toHaveTextContent("DEMO_LOGIN=true");
    const button = screen.getByRole("button", { name: "Direct login (demo account)" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-describedby", reason.id);
  });

  it("is enabled, with no reason, when demo login is on", async () => {
    stubApi((call) => (call.path === "/api/config/public" ? config(true) : undefined));
    render(<DebugPage />, { auth: { user: null } });
    const button = screen.getByRole("button", { name: "Direct login (demo account)" });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText(DEMO_LOGIN_OFF)).not.toBeInTheDocument();
  });
});
