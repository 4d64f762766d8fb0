import { notifications } from "@mantine/notifications";
import type { AdminSettings } from "@tandem/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { jsonResponse, render, screen, userEvent } from "../../../../test-utils/render";
import { organizer, refusal, stubApi } from "../testApi";
import { SettingsPage } from "./SettingsForm";

const settings: AdminSettings = {
  submissions_paused: false,
  pause_message: null,
  daily_limit: 5,
  opens_at: "2026-03-01T00:00:00.000Z",
  closes_at: "2026-06-01T00:00:00.000Z",
  final_picks: null,
  require_verified_email: false,
  overridden: { daily_limit: false, opens_at: false, closes_at: false, final_picks: false },
  defaults: {
    daily_limit: 5,
    opens_at: "2026-03-01T00:00:00.000Z",
    closes_at: "2026-06-01T00:00:00.000Z",
    final_picks: 2,
  },
  updated_at: null,
};

afterEach(() => notifications.clean());

describe("the settings form", () => {
  it("sends only the changed fields, and shows the deployment's values in force", async () => {
    let stored = settings;
    const calls = stubApi((call) => {
      if (call.path !== "/api/admin/settings") return undefined;
      if (call.method === "PATCH")
        stored = {
          ...settings,
          submissions_paused: true,
          pause_message: "Back at noon",
          daily_limit: 10,
          overridden: { ...settings.overridden, daily_limit: true },
        };
      return jsonResponse(stored);
    });
    const user = userEvent.setup();
    render(<SettingsPage />, { auth: { user: organizer } });

    const limit = await screen.findByLabelText("Daily limit per challenge");
    expect(screen.getByText(/In force: the deployment's value, 5/)).toBeInTheDocument();
    await user.click(screen.getByRole("switch", { name: /Pause submissions/ }));
    await user.type(screen.getByLabelText("Pause message"), "Back at noon");
    await user.type(limit, "10");
    await user.click(screen.getByRole("button", { name: "Save settings" }));

    expect(await screen.findByText("Settings saved")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "PATCH")).toEqual([
      expect.objectContaining({
        body: { submissions_paused: true, pause_message: "Back at noon", daily_limit: 10 },
      }),
    ]);
    expect(screen.getByText(/In force: 10 \(set here\)/)).toBeInTheDocument();
  });

  it("switches the verified-address requirement for teams on, sending only that field", async () => {
    const calls = stubApi((call) => {
      if (call.path !== "/api/admin/settings") return undefined;
      return jsonResponse(
        call.method === "PATCH" ? { ...settings, require_verified_email: true } : settings,
      );
    });
    const user = userEvent.setup();
    render(<SettingsPage />, { auth: { user: organizer } });

    const required = await screen.findByRole("switch", { name: /Require a verified e-mail/ });
    expect(required).not.toBeChecked();
    await user.click(required);
    await user.click(screen.getByRole("button", { name: "Save settings" }));

    expect(await screen.findByText("Settings saved")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "PATCH")).toEqual([
      expect.objectContaining({ body: { require_verified_email: true } }),
    ]);
    expect(screen.getByRole("switch", { name: /Require a verified e-mail/ })).toBeChecked();
  });

  it("puts the API's field errors under their fields", async () => {
    stubApi((call) => {
      if (call.path !== "/api/admin/settings") return undefined;
      if (call.method === "PATCH")
        return refusal(400, "request.invalid", "final_picks is at most 20", {
          where: "body",
          validation_errors: ["final_picks: final_picks is at most 20"],
          fields: { final_picks: "final_picks is at most 20" },
        });
      return jsonResponse(settings);
    });
    const user = userEvent.setup();
    render(<SettingsPage />, { auth: { user: organizer } });

    const picks = await screen.findByLabelText("Final picks per challenge");
    await user.type(picks, "15");
    await user.click(screen.getByRole("button", { name: "Save settings" }));

    expect(await screen.findByText("final_picks is at most 20")).toBeInTheDocument();
    expect(picks).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText("Settings saved")).not.toBeInTheDocument();
  });

  it("marks both window fields when the window would close before it opens", async () => {
    stubApi((call) => {
      if (call.path !== "/api/admin/settings") return undefined;
      if (call.method === "PATCH")
        return refusal(
          400,
          "settings.window_invalid",
          "The competition would close before it opens.",
        );
      return jsonResponse(settings);
    });
    const user = userEvent.setup();
    render(<SettingsPage />, { auth: { user: organizer } });

    const opens = await screen.findByLabelText("Opens at");
    await user.type(opens, "2026-07-01T10:00");
    await user.click(screen.getByRole("button", { name: "Save settings" }));

    expect(
      await screen.findByText("The competition would close before it opens."),
    ).toBeInTheDocument();
    expect(opens).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Closes at")).toHaveAttribute("aria-invalid", "true");
  });
});
