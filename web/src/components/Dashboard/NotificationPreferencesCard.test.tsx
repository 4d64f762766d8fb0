import type { NotificationPreferences } from "@tandem/contracts";
import { describe, expect, it, vi } from "vitest";
import { ada } from "../../../test-utils/fixtures";
import { jsonResponse, render, screen, userEvent, waitFor } from "../../../test-utils/render";
import { NotificationPreferencesCard } from "./NotificationPreferencesCard";

const PROBLEMS = "When a submission fails or stays unscored";
const DIGEST = "Daily digest of scored submissions";

/**
 * The preferences route over `stored`; a PUT waits for `release` when given, and is refused
 * with `refuse` when set.
 */
function fakeServer(
  stored: NotificationPreferences,
  options: { refuse?: boolean; release?: Promise<void> } = {},
) {
  const puts: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) !== "/api/notifications/preferences") {
      return jsonResponse({ error: "Not found", code: "request.route_not_found" }, 404);
    }
    if (init?.method === "PUT") {
      const body = JSON.parse(String(init.body)) as NotificationPreferences;
      puts.push(body);
      await options.release;
      if (options.refuse) {
        return jsonResponse({ error: "The server failed", code: "internal" }, 500);
      }
      Object.assign(stored, body);
    }
    return jsonResponse(stored);
  });
  vi.stubGlobal("fetch", fetch);
  return { fetch, puts };
}

describe("NotificationPreferencesCard", () => {
  it("shows a skeleton, then each choice as it is stored", async () => {
    fakeServer({ submission_problems: true, daily_digest: false });
    render(<NotificationPreferencesCard />, { auth: { user: ada } });

    const card = screen.getByRole("article", { name: "E-mail notifications" });
    expect(card.querySelector(".mantine-Skeleton-root")).not.toBeNull();
    expect(await screen.findByRole("switch", { name: PROBLEMS })).toBeChecked();
    expect(screen.getByRole("switch", { name: DIGEST })).not.toBeChecked();
    expect(card.querySelector(".mantine-Skeleton-root")).toBeNull();
  });

  it("switches at once and saves both choices with PUT", async () => {
    let release = () => {};
    const { puts } = fakeServer(
      { submission_problems: true, daily_digest: false },
      { release: new Promise<void>((resolve) => (release = resolve)) },
    );
    const user = userEvent.setup();
    render(<NotificationPreferencesCard />, { auth: { user: ada } });

    await user.click(await screen.findByRole("switch", { name: DIGEST }));
    // Shown before the server has answered.
    expect(screen.getByRole("switch", { name: DIGEST })).toBeChecked();
    expect(puts).toEqual([{ submission_problems: true, daily_digest: true }]);

    release();
    await waitFor(() => expect(screen.getByRole("switch", { name: DIGEST })).toBeEnabled());
    expect(screen.getByRole("switch", { name: DIGEST })).toBeChecked();
    expect(screen.queryByText("Your choice was not saved")).not.toBeInTheDocument();
  });

  it("puts a refused choice back and says why", async () => {
    const { puts } = fakeServer(
      { submission_problems: true, daily_digest: false },
      { refuse: true },
    );
    const user = userEvent.setup();
    render(<NotificationPreferencesCard />, { auth: { user: ada } });

    await user.click(await screen.findByRole("switch", { name: PROBLEMS }));

    expect(await screen.findByText("Your choice was not saved")).toBeInTheDocument();
    expect(screen.getByText("The server failed")).toBeInTheDocument();
    expect(puts).toEqual([{ submission_problems: false, daily_digest: false }]);
    await waitFor(() => expect(screen.getByRole("switch", { name: PROBLEMS })).toBeChecked());
  });

  it("offers a retry when the choices cannot be loaded", async () => {
    let fail = true;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        fail
          ? jsonResponse({ error: "The server failed", code: "internal" }, 500)
          : jsonResponse({ submission_problems: false, daily_digest: true }),
      ),
    );
    const user = userEvent.setup();
    render(<NotificationPreferencesCard />, { auth: { user: ada } });

    expect(await screen.findByText("Failed to load your e-mail choices")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("switch", { name: DIGEST })).toBeChecked();
  });
});
