import { describe, expect, it } from "vitest";
import { ada } from "../../../test-utils/fixtures";
import { render, screen } from "../../../test-utils/render";
import { AccountActions } from "./AccountActions";
import { MobileNav } from "./MobileNav";

const organizer = { ...ada, admin_access: true };
const noop = () => {};

describe("the Console link", () => {
  it("is in the desktop and mobile menus of an organizer", () => {
    render(
      <>
        <AccountActions settingsOpened={false} onSettingsChange={noop} onLogout={noop} />
        <MobileNav onLogout={noop} />
      </>,
      { auth: { user: organizer } },
    );
    const links = screen.getAllByRole("link", { name: "Console" });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute("href", "/admin");
  });

  it("is not shown to a participant", () => {
    render(
      <>
        <AccountActions settingsOpened={false} onSettingsChange={noop} onLogout={noop} />
        <MobileNav onLogout={noop} />
      </>,
      { auth: { user: ada } },
    );
    expect(screen.queryByRole("link", { name: "Console" })).not.toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Dashboard" })).toHaveLength(2);
  });
});
