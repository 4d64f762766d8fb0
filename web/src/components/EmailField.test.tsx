import { useForm } from "@mantine/form";
import { describe, expect, it } from "vitest";
import { render, screen, userEvent } from "../../test-utils/render";
import { EmailField } from "./EmailField";

function EmailForm() {
  const form = useForm({ mode: "controlled", initialValues: { email: "" } });
  return (
    <>
      <EmailField key={form.key("email")} {...form.getInputProps("email")} />
      <output>{form.values.email}</output>
    </>
  );
}

describe("EmailField", () => {
  it("is a required e-mail box labelled Email that fills the form's value", async () => {
    const user = userEvent.setup();
    render(<EmailForm />);
    const field = screen.getByRole("textbox", { name: /Email/ });

    expect(field).toHaveAttribute("type", "email");
    expect(field).toHaveAttribute("autocomplete", "email");
    expect(field).toHaveAttribute("aria-required", "true");
    expect(field).toHaveAttribute("placeholder", "you@example.com");

    await user.type(field, "ada@example.com");
    expect(screen.getByRole("status")).toHaveTextContent("ada@example.com");
  });
});
