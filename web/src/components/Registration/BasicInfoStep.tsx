import { SimpleGrid, Stack, TextInput } from "@mantine/core";
import { EmailField } from "../EmailField";
import type { RegistrationFormApi } from "./types";

export function BasicInfoStep({ form }: { form: RegistrationFormApi }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="First Name"
          autoComplete="given-name"
          withAsterisk
          aria-required
          key={form.key("firstName")}
          {...form.getInputProps("firstName")}
        />
        <TextInput
          label="Last Name"
          autoComplete="family-name"
          withAsterisk
          aria-required
          key={form.key("lastName")}
          {...form.getInputProps("lastName")}
        />
      </SimpleGrid>
      <EmailField key={form.key("email")} {...form.getInputProps("email")} />
    </Stack>
  );
}
