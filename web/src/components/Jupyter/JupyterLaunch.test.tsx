import { JUPYTER_MESSAGES, TEAM_MESSAGES } from "@tandem/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ada } from "../../../test-utils/fixtures";
import { jsonResponse, render, screen, userEvent } from "../../../test-utils/render";
import { organizer, refusal, stubApi } from "../Admin/testApi";
import { JupyterLaunch } from "./JupyterLaunch";

const HUB = "http://hub.test";

function config(hubUrl: string | null) {
  return jsonResponse({
    github_enabled: false,
    demo_login_enabled: false,
    jupyterhub_url: hubUrl,
    submissions_paused: false,
    pause_message: null,
    competition: { opens_at: "2026-03-01T00:00:00.000Z", closes_at: "2026-06-01T00:00:00.000Z" },
    announcement: null,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Launch JupyterHub", () => {
  it("is disabled for a participant, who reads that it is for organizers only", async () => {
    const calls = stubApi((call) => (call.path === "/api/config/public" ? config(HUB) : undefined));
    render(<JupyterLaunch />, { auth: { user: ada } });
    const reason = await screen.findByText(JUPYTER_MESSAGES.organizersOnly);
    const button = screen.getByRole("button", { name: "Launch JupyterHub" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-describedby", reason.id);
    expect(calls.some((call) => call.path === "/api/jupyter/generate-token")).toBe(false);
  });

  it("names the setting to an organizer when the deployment has no hub", async () => {
    stubApi((call) => (call.path === "/api/config/public" ? config(null) : undefined));
    render(<JupyterLaunch />, { auth: { user: organizer } });
    const reason = await screen.findByText(JUPYTER_MESSAGES.notConfigured);
    expect(reason).toHaveTextContent("JUPYTERHUB_URL");
    expect(screen.getByRole("button", { name: "Launch JupyterHub" })).toBeDisabled();
  });

  it("opens the hub's sign-in link for an organizer, and shows the spec's message on a refusal", async () => {
    window.localStorage.setItem("auth_token", "token-1");
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    let refuse = false;
    stubApi((call) => {
      if (call.path === "/api/config/public") return config(HUB);
      if (call.path === "/api/jupyter/generate-token")
        return refuse
          ? refusal(403, "jupyter.account_inactive", "inactive", undefined)
          : jsonResponse({
              token: "t0k",
              jupyterhub_url: `${HUB}/hub/login?token=t0k`,
              expires_at: "2026-03-01T00:02:00.000Z",
            });
      return undefined;
    });
    const user = userEvent.setup();
    render(<JupyterLaunch />, { auth: { user: organizer } });
    const button = await screen.findByRole("button", { name: "Launch JupyterHub" });
    await vi.waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await vi.waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        `${HUB}/hub/login?token=t0k`,
        "_blank",
        "noopener,noreferrer",
      ),
    );
    refuse = true;
    // The button stays loading (disabled) until the first call settles; a click before then is
    // ignored, which on a slow machine left the second call unmade.
    await vi.waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByRole("alert")).toHaveTextContent(TEAM_MESSAGES.jupyterInactive);
  });
});
