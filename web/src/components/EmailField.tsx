import { TextInput, type TextInputProps } from "@mantine/core";

/** The required e-mail field of the sign-in, sign-up and password-reset forms. */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput
      type="email"
      label="Email"
      placeholder="you@example.com"
      autoComplete="email"
      withAsterisk
      aria-required
      {...props}
    />
  );
}
