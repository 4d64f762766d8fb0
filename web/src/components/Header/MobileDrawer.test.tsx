import { describe, expect, it } from "vitest";
import { render, screen, userEvent } from "../../../test-utils/render";
import MobileDrawer from "./MobileDrawer";
import { MobileNav } from "./MobileNav";

/** Issue 18: the mobile menu's "Domains" group and close button reach keyboards and readers. */
describe("mobile menu", () => {
  it("opens the Domains group as a button with its expanded state, by keyboard", async () => {
    render(<MobileNav onLogout={() => {}} />);
    const domains = screen.getByRole("button", { name: "Domains" });
    expect(domains).toHaveAttribute("aria-expanded", "false");
    domains.focus();
    await userEvent.keyboard("{Enter}");
    expect(domains).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Healthcare" })).toBeInTheDocument();
  });

  it("starts with the Domains group open on a domain page", () => {
    render(<MobileNav onLogout={() => {}} />, { route: "/domains/insurance" });
    expect(screen.getByRole("button", { name: "Domains" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
  });

  it("names the drawer's close button", async () => {
    let closed = false;
    render(<MobileDrawer opened onClose={() => (closed = true)} onLogout={() => {}} />);
    // The drawer is `hiddenFrom="md"`, which the test DOM applies: query the hidden tree.
    await userEvent.click(screen.getByRole("button", { name: "Close menu", hidden: true }));
    expect(closed).toBe(true);
  });
});
