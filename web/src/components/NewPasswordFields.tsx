import type { UseFormReturnType } from "@mantine/form";
import { PasswordField } from "./PasswordField";
import { requiredField } from "./requiredField";

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

interface NewPasswordFieldsProps<Values extends NewPasswordValues> {
  form: UseFormReturnType<Values>;
  /** The first field's label; the second one asks to confirm it ("Confirm Password"). */
  label: string;
}

/**
 * A new password typed twice, for the form's `password` and `confirmPassword`; marked as new so
 * that password managers offer to generate and save it.
 */
export function NewPasswordFields<Values extends NewPasswordValues>({
  form,
  label,
}: NewPasswordFieldsProps<Values>) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        key={form.key("password")}
        {...requiredField(form, "password")}
      />
      <PasswordField
        label={`Confirm ${label}`}
        autoComplete="new-password"
        key={form.key("confirmPassword")}
        {...requiredField(form, "confirmPassword")}
      />
    </>
  );
}
