import { Alert, Anchor, Button, Group, Stack, Stepper, Text, VisuallyHidden } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import {
  MESSAGES,
  REGISTRATION_FORM_DEFAULTS,
  REGISTRATION_STEPS,
  type RegistrationField,
  type RegistrationFormValues,
  registrationFormSchema,
  type SignupRequest,
  toSignupPayload,
} from "@tandem/contracts";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { hasErrorCode } from "../../api/client";
import { useSignup } from "../../api/registration/hooks";
import { useAuth } from "../../auth/AuthContext";
import { useInputBeforeAdoption } from "../useInputBeforeAdoption";
import { BasicInfoStep } from "./BasicInfoStep";
import { ProfileStep } from "./ProfileStep";
import { registrationErrorMessage } from "./registrationErrors";
import { SecurityStep } from "./SecurityStep";

const validateRegistration = schemaResolver(registrationFormSchema, { sync: true });
const STEP_COUNT = REGISTRATION_STEPS.length;
const LAST_STEP_FIELDS: readonly RegistrationField[] = REGISTRATION_STEPS[STEP_COUNT - 1]!.fields;

/**
 * What a later profile update would send; it is only logged for now
 * (docs/product.md#site-calls).
 */
function profileUpdateOf(payload: SignupRequest) {
  const { fullName, isStudent, position, area, gradYear } = payload;
  return { fullName, isStudent, position, area, ...(gradYear === undefined ? {} : { gradYear }) };
}

interface RegistrationFormProps {
  onRegistered: () => void;
}

/** docs/product.md#registration: three steps, each validated before the next one opens. */
export function RegistrationForm({ onRegistered }: RegistrationFormProps) {
  const { adoptSession } = useAuth();
  const { trigger: signup, isMutating } = useSignup();
  const [step, setStep] = useState(1);
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const form = useForm<RegistrationFormValues>({
    mode: "uncontrolled",
    initialValues: REGISTRATION_FORM_DEFAULTS,
    validate: validateRegistration,
    validateInputOnBlur: true,
    validateInputOnChange: true,
  });
  // The page is prerendered (docs/adr/0026): step 1 may be typed into before the app is there.
  useInputBeforeAdoption(form);

  // The confirmation is checked against the password, so a new password re-checks it too.
  form.watch("password", () => {
    if (form.getValues().confirmPassword) void form.validateField("confirmPassword");
  });

  /** Shows the errors of `fields` only; returns the ones that failed. */
  const checkFields = (fields: readonly RegistrationField[]): RegistrationField[] => {
    const errors = validateRegistration(form.getValues());
    form.setErrors((current) => {
      const next = { ...current };
      for (const field of fields) {
        if (errors[field]) next[field] = errors[field];
        else delete next[field];
      }
      return next;
    });
    return fields.filter((field) => errors[field]);
  };

  const focusField = (field: RegistrationField | undefined) => {
    if (field) form.getInputNode(field)?.focus();
  };

  const goBack = () => setStep((current) => Math.max(1, current - 1));

  const submit = async () => {
    setSubmitError(null);
    const invalid = checkFields(LAST_STEP_FIELDS);
    if (invalid.length > 0) {
      setSubmitAttempted(true);
      focusField(invalid[0]);
      return;
    }
    setSubmitAttempted(false);

    const payload = toSignupPayload(form.getValues());
    try {
      const session = await signup(payload);
      if (!session) {
        setSubmitError(MESSAGES.registrationFailedDefault);
        return;
      }
      adoptSession(session, true);
      console.log("Profile update", profileUpdateOf(payload));
      onRegistered();
    } catch (error) {
      if (hasErrorCode(error, "auth.organizer_code_invalid")) {
        form.setFieldError("adminPassword", error.serverError ?? MESSAGES.adminPasswordInvalid);
        focusField("adminPassword");
        return;
      }
      setSubmitError(registrationErrorMessage(error));
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isMutating) return;
    if (step === STEP_COUNT) {
      void submit();
      return;
    }
    const invalid = checkFields(REGISTRATION_STEPS[step - 1]!.fields);
    if (invalid.length > 0) focusField(invalid[0]);
    else setStep(step + 1);
  };

  const lastStepHasErrors = LAST_STEP_FIELDS.some((field) => form.errors[field]);
  const current = REGISTRATION_STEPS[step - 1]!;

  return (
    <Stack gap="lg">
      <Stepper
        active={step - 1}
        onStepClick={(index) => index < step - 1 && setStep(index + 1)}
        allowNextStepsSelect={false}
        size="sm"
        labelPosition="bottom"
        wrap={false}
        contentPadding={0}
      >
        {REGISTRATION_STEPS.map(({ label }) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>

      <VisuallyHidden aria-live="polite">
        {`Step ${step} of ${STEP_COUNT}: ${current.label}`}
      </VisuallyHidden>

      <form noValidate onSubmit={handleSubmit}>
        <Stack gap="lg">
          {step === 1 && <BasicInfoStep form={form} />}
          {step === 2 && <ProfileStep form={form} />}
          {step === 3 && <SecurityStep form={form} />}

          {step === STEP_COUNT && submitAttempted && lastStepHasErrors && (
            <Alert color="red" variant="light" role="alert">
              {MESSAGES.registrationInvalid}
            </Alert>
          )}
          {step === STEP_COUNT && submitError && (
            <Alert color="red" variant="light" role="alert">
              {submitError}
            </Alert>
          )}

          <Group justify={step > 1 ? "space-between" : "flex-end"}>
            {/* Keys keep the forward button mounted across steps, so keyboard focus stays on it. */}
            {[
              step > 1 && (
                <Button key="back" type="button" variant="default" onClick={goBack}>
                  Back
                </Button>
              ),
              <Button key="forward" type="submit" disabled={isMutating}>
                {step < STEP_COUNT
                  ? "Continue"
                  : isMutating
                    ? "Creating Account..."
                    : "Create Account"}
              </Button>,
            ]}
          </Group>
        </Stack>
      </form>

      <Text ta="center" size="sm">
        <Anchor component={Link} to="/login">
          Already have an account? Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
