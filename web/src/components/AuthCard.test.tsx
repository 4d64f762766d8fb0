import { describe, expect, it } from "vitest";
import { render, screen } from "../../test-utils/render";
import { AuthCard, AuthCardLink } from "./AuthCard";

describe("AuthCard", () => {
  it("titles the card and closes it with a link to another page", () => {
    render(
      <AuthCard title="Forgot Password">
        <AuthCardLink to="/login">Back to login</AuthCardLink>
      </AuthCard>,
    );

    expect(screen.getByRole("heading", { level: 1, name: "Forgot Password" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to login" })).toHaveAttribute("href", "/login");
  });
});
