import { describe, expect, it, vi } from "vitest";
import { jsonResponse, render, screen, userEvent } from "../../../test-utils/render";
import { SiteBanners } from "./SiteBanners";

function stubConfig(overrides: Record<string, unknown>) {
  return jsonResponse({
    github_enabled: false,
    demo_login_enabled: false,
    jupyterhub_url: null,
    submissions_paused: false,
    pause_message: null,
    competition: { opens_at: "2026-03-01T00:00:00.000Z", closes_at: "2026-06-01T00:00:00.000Z" },
    announcement: null,
    ...overrides,
  });
}

const announcement = {
  id: "a-1",
  body: "**Deadline** moved to Friday.<script>window.hacked = true</script>",
  created_at: "2026-02-01T10:00:00.000Z",
};

describe("the site banners", () => {
  it("shows the announcement as Markdown and the pause message while submissions are paused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        stubConfig({ submissions_paused: true, pause_message: "Back at noon UTC.", announcement }),
      ),
    );
    render(<SiteBanners />, { auth: { user: null } });

    const banner = await screen.findByRole("region", { name: "Announcement" });
    expect((await screen.findByText("Deadline")).tagName).toBe("STRONG");
    expect(banner.querySelector("script")).toBeNull();
    expect(screen.getByText("Submissions are paused")).toBeInTheDocument();
    expect(screen.getByText("Back at noon UTC.")).toBeInTheDocument();
  });

  it("keeps a dismissed announcement hidden for the session, and shows a newer one", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => stubConfig({ announcement })),
    );
    const user = userEvent.setup();
    const first = render(<SiteBanners />, { auth: { user: null } });

    await user.click(await screen.findByRole("button", { name: "Dismiss announcement" }));
    expect(screen.queryByRole("region", { name: "Announcement" })).not.toBeInTheDocument();
    expect(screen.queryByText("Submissions are paused")).not.toBeInTheDocument();
    first.unmount();

    const second = render(<SiteBanners />, { auth: { user: null } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Announcement" })).not.toBeInTheDocument();
    second.unmount();

    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        stubConfig({ announcement: { ...announcement, id: "a-2", body: "Newer" } }),
      ),
    );
    render(<SiteBanners />, { auth: { user: null } });
    expect(await screen.findByText("Newer")).toBeInTheDocument();
  });
});
