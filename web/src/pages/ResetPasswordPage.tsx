import { Alert, Anchor, Button, Center, Loader, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { MESSAGES, type ResetPasswordFormValues, resetPasswordFormSchema } from "@tandem/contracts";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../api/client";
import { useResetPassword, useResetToken } from "../api/password-reset/hooks";
import { AuthCard, AuthCardLink } from "../components/AuthCard";
import { NewPasswordFields } from "../components/NewPasswordFields";

const REDIRECT_DELAY_MS = 3_000;
// Used when the server gives no message; MESSAGES has none (the spec said only "success";
// docs/product.md#password-reset).
const RESET_DONE = "Your password has been reset.";

/** The reset messages of docs/product.md#password-reset. */
function resetErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.code === "auth.token_invalid" ? MESSAGES.resetInvalidToken : MESSAGES.resetFailed;
  }
  return MESSAGES.resetError;
}

function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {children}
    </Alert>
  );
}

function NewLinkHint() {
  return (
    <Text size="sm">
      <Anchor component={Link} to="/forgot-password">
        Request a new password reset link
      </Anchor>
    </Text>
  );
}

function ResetForm({ token, username }: { token: string; username: string }) {
  const navigate = useNavigate();
  const { trigger: resetPassword, isMutating } = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const form = useForm<ResetPasswordFormValues>({
    mode: "uncontrolled",
    initialValues: { password: "", confirmPassword: "" },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate("/login", { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const handleSubmit = async ({ password }: ResetPasswordFormValues) => {
    setError(null);
    try {
      const response = await resetPassword({ token, password });
      if (response?.success === true) setDone(response.message || RESET_DONE);
      else setError(MESSAGES.resetFailed);
    } catch (caught) {
      setError(resetErrorMessage(caught));
    }
  };

  if (done) {
    return (
      <Alert color="green" variant="light" role="status">
        {done} Redirecting to the login page...
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit)}>
      <Stack gap="md">
        <Text fw={500}>Hello, {username}</Text>
        <Text size="sm" c="dimmed">
          Choose a new password for your account.
        </Text>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <NewPasswordFields form={form} label="New Password" />
        <Button type="submit" fullWidth disabled={isMutating}>
          {isMutating ? "Resetting Password..." : "Reset Password"}
        </Button>
      </Stack>
    </form>
  );
}

function ResetContent({ token }: { token: string | null }) {
  const { data: check, error, isLoading } = useResetToken(token);

  if (!token) {
    return (
      <Stack gap="sm">
        <ErrorAlert>{MESSAGES.resetNoToken}</ErrorAlert>
        <NewLinkHint />
      </Stack>
    );
  }
  if (isLoading) {
    return (
      <Center py="lg">
        <Loader aria-label="Checking your reset link" />
      </Center>
    );
  }
  if (error) return <ErrorAlert>{MESSAGES.resetError}</ErrorAlert>;
  if (!check?.valid) {
    return (
      <Stack gap="sm">
        <ErrorAlert>{MESSAGES.resetInvalidToken}</ErrorAlert>
        <NewLinkHint />
      </Stack>
    );
  }
  return <ResetForm token={token} username={check.username} />;
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();

  return (
    <AuthCard title="Reset Password">
      <ResetContent token={params.get("token") || null} />
      <AuthCardLink to="/login">Return to login</AuthCardLink>
    </AuthCard>
  );
}
