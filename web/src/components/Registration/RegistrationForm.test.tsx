import { MESSAGES } from "@tandem/contracts";
import { describe, expect, it, vi } from "vitest";
import { render, screen, userEvent } from "../../../test-utils/render";
import { RegistrationForm } from "./RegistrationForm";

function renderForm() {
  const fetch = vi.fn(async () => new Response(null, { status: 500 }));
  vi.stubGlobal("fetch", fetch);
  render(<RegistrationForm onRegistered={() => {}} />, { route: "/register" });
  return fetch;
}

describe("RegistrationForm, Basic Info step", () => {
  it("stays on Basic Info and names each problem when Continue is pressed empty", async () => {
    const fetch = renderForm();
    const user = userEvent.setup();

    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText(MESSAGES.firstNameMin)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.lastNameMin)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText(/^First Name/)).toBeInvalid();
    expect(screen.getByLabelText(/^First Name/)).toHaveFocus();
    expect(screen.queryByLabelText(/^Area of Interest/)).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("does not count surrounding spaces towards a name's two characters", async () => {
    renderForm();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/^First Name/), " A ");
    await user.type(screen.getByLabelText(/^Last Name/), "Lovelace");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText(MESSAGES.firstNameMin)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.lastNameMin)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.emailInvalid)).not.toBeInTheDocument();
  });

  it("rejects an e-mail address without a domain", async () => {
    renderForm();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/^First Name/), "Ada");
    await user.type(screen.getByLabelText(/^Last Name/), "Lovelace");
    await user.type(screen.getByLabelText(/^Email/), "ada@");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
  });

  it("opens the Profile step once names and e-mail are valid", async () => {
    renderForm();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/^First Name/), "Ada");
    await user.type(screen.getByLabelText(/^Last Name/), "Lovelace");
    await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    expect(await screen.findByLabelText(/^Area of Interest/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^First Name/)).not.toBeInTheDocument();
    expect(screen.getByText("Step 2 of 3: Profile")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back" })).toBeInTheDocument();
  });
});
