import { localStorageColorSchemeManager } from "@mantine/core";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import indexHtml from "../../../index.html?raw";
import { render, screen, userEvent, within } from "../../../test-utils/render";
import { ColorSchemeControl } from "./ColorSchemeChoice";
import SettingsMenu from "./SettingsMenu";

/** Issue 33: Light, Dark or System, from the header's settings menu or the mobile drawer. */
const scheme = () => document.documentElement.getAttribute("data-mantine-color-scheme");
const stored = () => window.localStorage.getItem("mantine-color-scheme-value");
const setupMatchMedia = window.matchMedia;

/** The browser's prefers-color-scheme, as the emulated system says. */
function systemPrefers(dark: boolean) {
  window.matchMedia = ((query: string) => ({
    ...setupMatchMedia(query),
    matches: dark && query === "(prefers-color-scheme: dark)",
  })) as typeof window.matchMedia;
}

afterEach(() => {
  window.matchMedia = setupMatchMedia;
  document.documentElement.removeAttribute("data-mantine-color-scheme");
});

function Menu() {
  const [opened, setOpened] = useState(false);
  return <SettingsMenu opened={opened} onChange={setOpened} onLogout={() => {}} />;
}

describe("the colour scheme switch", () => {
  it("offers a visitor Light, Dark and System in the settings menu, and remembers the choice", async () => {
    const user = userEvent.setup();
    render(<Menu />, { auth: { user: null } });

    await user.click(screen.getByRole("button", { name: "Settings" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("Theme")).toBeInTheDocument();
    const items = within(menu).getAllByRole("menuitemradio");
    expect(items.map((item) => item.textContent)).toEqual(["Light", "Dark", "System"]);
    // No account items for a visitor.
    expect(within(menu).queryByRole("menuitem", { name: "Logout" })).toBeNull();

    await user.click(within(menu).getByRole("menuitemradio", { name: "Dark" }));
    expect(scheme()).toBe("dark");
    expect(stored()).toBe("dark");
    expect(within(menu).getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    expect(within(menu).getByRole("menuitemradio", { name: "Light" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
  });

  it("follows the system under System, whatever was chosen before", async () => {
    systemPrefers(true);
    window.localStorage.setItem("mantine-color-scheme-value", "light");
    const user = userEvent.setup();
    render(<ColorSchemeControl />);

    const group = screen.getByRole("radiogroup", { name: "Theme" });
    expect(within(group).getByRole("radio", { name: "Light" })).toBeChecked();
    expect(scheme()).toBe("light");

    await user.click(within(group).getByText("System"));
    expect(stored()).toBe("auto");
    expect(scheme()).toBe("dark");
    expect(within(group).getByRole("radio", { name: "System" })).toBeChecked();
  });

  it("keeps the account's items in the menu of a signed-in user", async () => {
    const user = userEvent.setup();
    render(<Menu />, {
      auth: {
        user: {
          id: "u-1",
          username: "alice",
          email: "alice@example.com",
          status: "active",
          admin_access: false,
          email_verified: true,
        },
      },
    });
    await user.click(screen.getByRole("button", { name: "Settings" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getAllByRole("menuitemradio")).toHaveLength(3);
    expect(within(menu).getByRole("menuitem", { name: "Logout" })).toBeInTheDocument();
  });
});

/**
 * web/index.html's inline script, run as the browser runs it before first paint: it must read
 * the key Mantine's colorSchemeManager writes, and apply the same rule as MantineProvider.
 */
describe("index.html's colour scheme script", () => {
  const code = /<script>([^<]+)<\/script>/.exec(indexHtml)?.[1] ?? "";
  const run = () => new Function(code)();

  it.each([
    { chosen: null, systemDark: true, expected: "dark" },
    { chosen: null, systemDark: false, expected: "light" },
    { chosen: "auto", systemDark: true, expected: "dark" },
    { chosen: "light", systemDark: true, expected: "light" },
    { chosen: "dark", systemDark: false, expected: "dark" },
  ] as const)(
    "sets $expected for a choice of $chosen with a dark system: $systemDark",
    ({ chosen, systemDark, expected }) => {
      expect(code).toContain("data-mantine-color-scheme");
      systemPrefers(systemDark);
      if (chosen) localStorageColorSchemeManager().set(chosen);
      run();
      expect(scheme()).toBe(expected);
    },
  );

  it("falls back to the system when storage is unavailable", () => {
    systemPrefers(true);
    const original = Object.getOwnPropertyDescriptor(window, "localStorage");
    Object.defineProperty(window, "localStorage", {
      configurable: true,
      get() {
        throw new Error("storage blocked");
      },
    });
    try {
      run();
    } finally {
      if (original) Object.defineProperty(window, "localStorage", original);
    }
    expect(scheme()).toBe("dark");
  });
});
