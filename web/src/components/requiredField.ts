import type { UseFormReturnType } from "@mantine/form";

type FieldPath<Values> = Parameters<UseFormReturnType<Values>["getInputProps"]>[0];

/**
 * A required field's props bound to `form` at `path`: an asterisk for the eye and
 * `aria-required` for screen readers, since the form validates (not the browser).
 */
export function requiredField<Values>(form: UseFormReturnType<Values>, path: FieldPath<Values>) {
  return { withAsterisk: true, "aria-required": true, ...form.getInputProps(path) };
}
