import { Alert, Button, Stack } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import {
  type ForgotPasswordFormValues,
  forgotPasswordFormSchema,
  MESSAGES,
} from "@tandem/contracts";
import { useState } from "react";
import { ApiError, NetworkError } from "../api/client";
import { useForgotPassword } from "../api/password-reset/hooks";
import { AuthCard, AuthCardLink } from "../components/AuthCard";
import { EmailField } from "../components/EmailField";

type Outcome = { kind: "sent"; message: string } | { kind: "error"; message: string };

/** docs/product.md#password-reset. A 429's "try again in N seconds" is the server's own text. */
function forgotErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverError ?? MESSAGES.forgotFailed;
  if (error instanceof NetworkError) return MESSAGES.networkError;
  return MESSAGES.genericError;
}

export default function ForgotPasswordPage() {
  const { trigger: requestReset, isMutating } = useForgotPassword();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const form = useForm<ForgotPasswordFormValues>({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: schemaResolver(forgotPasswordFormSchema, { sync: true }),
  });

  const handleSubmit = async ({ email }: ForgotPasswordFormValues) => {
    setOutcome(null);
    try {
      const response = await requestReset(email.trim());
      setOutcome(
        response?.success
          ? { kind: "sent", message: response.message || MESSAGES.forgotSent }
          : { kind: "error", message: MESSAGES.forgotFailed },
      );
    } catch (error) {
      setOutcome({ kind: "error", message: forgotErrorMessage(error) });
    }
  };

  return (
    <AuthCard
      title="Forgot Password"
      description="Enter your account's email and we will send you a link to reset your password."
    >
      <form noValidate onSubmit={form.onSubmit(handleSubmit)}>
        <Stack gap="md">
          {outcome?.kind === "sent" && (
            <Alert color="green" variant="light" role="status">
              {outcome.message}
            </Alert>
          )}
          {outcome?.kind === "error" && (
            <Alert color="red" variant="light" role="alert">
              {outcome.message}
            </Alert>
          )}

          <EmailField key={form.key("email")} {...form.getInputProps("email")} />

          <Button type="submit" fullWidth loading={isMutating}>
            Send reset instructions
          </Button>
        </Stack>
      </form>

      <AuthCardLink to="/login">Back to login</AuthCardLink>
    </AuthCard>
  );
}
