import { useForm } from "@mantine/form";
import { describe, expect, it } from "vitest";
import { render, screen, userEvent } from "../../test-utils/render";
import { NewPasswordFields } from "./NewPasswordFields";

function NewPasswordForm() {
  const form = useForm({
    mode: "controlled",
    initialValues: { password: "", confirmPassword: "" },
  });
  return (
    <>
      <NewPasswordFields form={form} label="New Password" />
      <output>{`${form.values.password}|${form.values.confirmPassword}`}</output>
    </>
  );
}

describe("NewPasswordFields", () => {
  it("asks for the new password twice, each field named and marked as a new password", async () => {
    const user = userEvent.setup();
    render(<NewPasswordForm />);
    const password = screen.getByLabelText(/^New Password/);
    const confirm = screen.getByLabelText(/^Confirm New Password/);

    for (const field of [password, confirm]) {
      expect(field).toHaveAttribute("autocomplete", "new-password");
      expect(field).toHaveAttribute("aria-required", "true");
    }
    expect(screen.getByRole("button", { name: "Show new password" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show confirm new password" })).toBeInTheDocument();

    await user.type(password, "s3cret-pass");
    await user.type(confirm, "s3cret-pass");
    expect(screen.getByRole("status")).toHaveTextContent("s3cret-pass|s3cret-pass");
  });
});
