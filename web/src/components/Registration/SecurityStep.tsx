import { Anchor, Checkbox, Select, Stack } from "@mantine/core";
import { INELIGIBILITY_TYPES, MESSAGES } from "@tandem/contracts";
import { useRef } from "react";
import { useOrganizerCodeCheck } from "../../api/registration/hooks";
import { NewPasswordFields } from "../NewPasswordFields";
import { PasswordField } from "../PasswordField";
import { requiredField } from "../requiredField";
import { BooleanRadios } from "./BooleanRadios";
import { dropErrors, type RegistrationFormApi } from "./types";

const REASONS = INELIGIBILITY_TYPES.map(({ value, label }) => ({ value, label }));
const ELIGIBILITY_CHOICES = [
  { value: "eligible", label: "I am eligible to compete" },
  { value: "not-eligible", label: "I am not eligible to compete" },
] as const;

export function SecurityStep({ form }: { form: RegistrationFormApi }) {
  const eligible = form.useWatchValue("eligibilityConfirmed");
  const reason = form.useWatchValue("ineligibilityType");
  const { trigger: checkOrganizerCode } = useOrganizerCodeCheck();
  const checkedCodes = useRef(new Map<string, boolean>());

  // docs/product.md#registration: choosing "eligible" drops the reason and the admin password.
  const changeEligibility = (next: boolean) => {
    form.setFieldValue("eligibilityConfirmed", next);
    if (next) {
      form.setFieldValue("ineligibilityType", null);
      form.setFieldValue("adminPassword", "");
      dropErrors(form, ["ineligibilityType", "adminPassword"]);
    }
  };

  const adminPasswordProps = form.getInputProps("adminPassword");

  // Only the server knows the organizer code, so leaving the field asks it. The check is rate
  // limited per client, so a code already answered is not asked again; a failed call says
  // nothing about the code, and the sign-up call checks it again either way.
  const verifyAdminPassword = async () => {
    const code = form.getValues().adminPassword;
    if (!code) return;
    let valid = checkedCodes.current.get(code);
    if (valid === undefined) {
      try {
        valid = await checkOrganizerCode(code);
      } catch {
        return;
      }
      checkedCodes.current.set(code, valid);
    }
    // A sign-up sent meanwhile answers with the server's own message: a late answer to this
    // check must not replace it.
    if (!valid && form.getValues().adminPassword === code && !form.errors.adminPassword) {
      form.setFieldError("adminPassword", MESSAGES.adminPasswordInvalidOnBlur);
    }
  };

  return (
    <Stack gap="md">
      <NewPasswordFields form={form} label="Password" />

      <BooleanRadios
        label="Eligibility"
        value={eligible}
        onChange={changeEligibility}
        choices={ELIGIBILITY_CHOICES}
      />

      {!eligible && (
        <Select
          label="Why are you not eligible?"
          placeholder="Select a reason"
          data={REASONS}
          allowDeselect={false}
          key={form.key("ineligibilityType")}
          {...requiredField(form, "ineligibilityType")}
        />
      )}

      {!eligible && reason === "organizer" && (
        <PasswordField
          label="Admin Password"
          description="The organizer code you were given"
          autoComplete="off"
          withAsterisk
          aria-required
          key={form.key("adminPassword")}
          {...adminPasswordProps}
          onBlur={(event) => {
            adminPasswordProps.onBlur?.(event);
            void verifyAdminPassword();
          }}
        />
      )}

      <Checkbox
        label={
          <>
            I agree to the{" "}
            <Anchor href="/privacy-policy" target="_blank" rel="noopener" inherit>
              Privacy Policy
            </Anchor>
          </>
        }
        key={form.key("termsAccepted")}
        {...form.getInputProps("termsAccepted", { type: "checkbox" })}
      />
    </Stack>
  );
}
