import { describe, expect, it } from "vitest";
import {
  fireEvent,
  jsonResponse,
  render,
  screen,
  userEvent,
  within,
} from "../../../../test-utils/render";
import { organizer, stubApi } from "../testApi";
import { AnnouncementComposer } from "./AnnouncementComposer";

const source = [
  "## Deadline moved",
  "",
  "Submissions now close **Friday**. See [the rules](/rules).",
  "",
  '<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
  "",
  "[click](javascript:alert(1))",
].join("\n");

describe("the announcement composer", () => {
  it("previews the Markdown as participants will see it, without any raw HTML", async () => {
    stubApi(() => undefined);
    render(<AnnouncementComposer />, { auth: { user: organizer } });

    // Typed at once: user.type would read the brackets as key names.
    fireEvent.change(screen.getByLabelText("Announcement (Markdown)"), {
      target: { value: source },
    });

    const preview = screen.getByRole("region", { name: "Preview" });
    expect(within(preview).getByRole("heading", { name: "Deadline moved" })).toBeInTheDocument();
    expect(within(preview).getByText("Friday").tagName).toBe("STRONG");
    expect(within(preview).getByRole("link", { name: "the rules" })).toHaveAttribute(
      "href",
      "/rules",
    );
    expect(preview.querySelector("script")).toBeNull();
    expect(preview.querySelector("img")).toBeNull();
    expect(document.querySelector("img[onerror]")).toBeNull();
    expect(preview).not.toHaveTextContent("<script>");
    expect(within(preview).getByText("click")).not.toHaveAttribute(
      "href",
      expect.stringMatching(/javascript/),
    );
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it("posts the source with the e-mail choice and clears the form", async () => {
    const calls = stubApi((call) =>
      call.method === "POST" && call.path === "/api/admin/announcements"
        ? jsonResponse(
            {
              id: "a-1",
              body: "Hello",
              active: true,
              email: true,
              emails_sent: 0,
              created_at: "2026-02-01T10:00:00.000Z",
              created_by: { id: organizer.id, username: organizer.username },
            },
            201,
          )
        : undefined,
    );
    const user = userEvent.setup();
    render(<AnnouncementComposer />, { auth: { user: organizer } });

    await user.click(screen.getByRole("button", { name: "Post announcement" }));
    expect(screen.getByText("Write the announcement first.")).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText("Announcement (Markdown)"), "Hello");
    await user.click(screen.getByRole("checkbox", { name: /Also e-mail every participant/ }));
    await user.click(screen.getByRole("button", { name: "Post announcement" }));

    expect(await screen.findByText("Announcement posted")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      expect.objectContaining({ body: { body: "Hello", email: true } }),
    ]);
    expect(screen.getByLabelText("Announcement (Markdown)")).toHaveValue("");
  });
});
