import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { render, screen, userEvent } from "../../../test-utils/render";
import SettingsMenu, { type SettingsMenuProps } from "./SettingsMenu";

const alice = {
  id: "u-1",
  username: "alice",
  email: "alice@example.com",
  status: "active",
  admin_access: false,
  email_verified: true,
};

/** The menu is controlled; this keeps its open state as the header does. */
function Harness({ onLogout }: Pick<SettingsMenuProps, "onLogout">) {
  const [opened, setOpened] = useState(false);
  return <SettingsMenu opened={opened} onChange={setOpened} onLogout={onLogout} />;
}

describe("SettingsMenu", () => {
  it("names the signed-in user above its items", async () => {
    const user = userEvent.setup();
    render(<Harness onLogout={() => {}} />, { auth: { user: alice } });

    await user.click(screen.getByRole("button", { name: "Settings" }));

    expect(await screen.findByRole("menu")).toHaveTextContent("alice");
  });

  it("logs out of this session only from Logout", async () => {
    const onLogout = vi.fn();
    const user = userEvent.setup();
    render(<Harness onLogout={onLogout} />, { auth: { user: alice } });

    await user.click(screen.getByRole("button", { name: "Settings" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));

    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(onLogout.mock.calls[0]?.[0]?.everywhere).not.toBe(true);
  });

  it("ends every session from Sign out everywhere", async () => {
    const onLogout = vi.fn();
    const user = userEvent.setup();
    render(<Harness onLogout={onLogout} />, { auth: { user: alice } });

    await user.click(screen.getByRole("button", { name: "Settings" }));
    await user.click(await screen.findByRole("menuitem", { name: "Sign out everywhere" }));

    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(onLogout).toHaveBeenCalledWith({ everywhere: true });
  });
});
