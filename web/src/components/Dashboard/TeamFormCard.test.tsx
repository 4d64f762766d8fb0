import { TextInput } from "@mantine/core";
import { describe, expect, it, vi } from "vitest";
import { render, screen, userEvent, within } from "../../../test-utils/render";
import { TeamFormCard } from "./TeamFormCard";

describe("TeamFormCard", () => {
  it("is a section named by its heading whose form submits", async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const user = userEvent.setup();
    render(
      <TeamFormCard title="Join a team" description="Ask a teammate." onSubmit={onSubmit}>
        <TextInput label="Invite code" />
        <button type="submit">Join Team</button>
      </TeamFormCard>,
    );

    const section = screen.getByRole("region", { name: "Join a team" });
    expect(within(section).getByText("Ask a teammate.")).toBeInTheDocument();
    await user.type(within(section).getByLabelText("Invite code"), "abc{Enter}");
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
