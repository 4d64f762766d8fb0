import { SimpleGrid, Stack, TextInput } from "@mantine/core";
import { EmailField } from "../EmailField";
import { requiredField } from "../requiredField";
import type { RegistrationFormApi } from "./types";

export function BasicInfoStep({ form }: { form: RegistrationFormApi }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="First Name"
          autoComplete="given-name"
          key={form.key("firstName")}
          {...requiredField(form, "firstName")}
        />
        <TextInput
          label="Last Name"
          autoComplete="family-name"
          key={form.key("lastName")}
          {...requiredField(form, "lastName")}
        />
      </SimpleGrid>
      <EmailField key={form.key("email")} {...form.getInputProps("email")} />
    </Stack>
  );
}
