import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Container,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { GITHUB_EMAIL_TAKEN_MESSAGE, MESSAGES } from "@tandem/contracts";
import { useState, useSyncExternalStore } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { usePublicConfig } from "../api/config/hooks";
import { useAuth } from "../auth/AuthContext";
import { INVALID_CREDENTIALS_MESSAGE, loginErrorMessage } from "../auth/loginErrors";
import { redirectTarget } from "../auth/redirect";
import { AuthCardLink } from "../components/AuthCard";
import { EmailField } from "../components/EmailField";
import { GitHubReturn } from "../components/GitHubReturn";
import { GitHubIcon } from "../components/icons";
import { PasswordField } from "../components/PasswordField";
import { useInputBeforeAdoption } from "../components/useInputBeforeAdoption";
import { GITHUB_OFF_ID } from "../landing/githubOff";

const GITHUB_SIGN_IN_URL = "/api/auth/github/authorize?target=tandem";

interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** What the GitHub callback's `?error=` means (github.routes.ts). */
const GITHUB_ERRORS = new Map([
  ["github", MESSAGES.loginFailedGeneric],
  ["github_email_taken", GITHUB_EMAIL_TAKEN_MESSAGE],
  ["account_disabled", MESSAGES.accountDisabled],
  ["github_other_browser", MESSAGES.githubOtherBrowser],
]);

const noSubscription = () => () => {};

/**
 * The GitHub callback's failure from the address (`?error=`). The page is prerendered without
 * one (docs/adr/0026): adopting it renders none first, as the prerender did, then the one in the
 * address (useSyncExternalStore's server snapshot; landing/boot.ts loads the app at once for a
 * query on this page). Rendered in the browser, the first render has it.
 */
function useGithubError(): string | null {
  const [searchParams] = useSearchParams();
  const code = searchParams.get("error") ?? "";
  return useSyncExternalStore(
    noSubscription,
    () => GITHUB_ERRORS.get(code) ?? null,
    () => null,
  );
}

export default function LoginPage() {
  const location = useLocation();
  // /login/success is the same screen's GitHub return (docs/product.md#sign-in): it signs in,
  // then leaves.
  if (location.pathname.replace(/\/$/, "") === "/login/success") return <GitHubReturn />;
  return <LoginScreen />;
}

function LoginScreen() {
  const { status, login } = useAuth();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  // Until the config arrives the button stays usable: most deployments have GitHub set up.
  const githubOff = usePublicConfig().data?.github_enabled === false;
  const githubError = useGithubError();
  // Undefined until a sign-in sets or clears it: the address's error shows until then.
  const [submitError, setError] = useState<string | null>();
  const error = submitError === undefined ? githubError : submitError;

  const form = useForm<LoginValues>({
    mode: "uncontrolled",
    initialValues: { email: "", password: "", rememberMe: false },
  });
  useInputBeforeAdoption(form);

  // Signing in flips the status, so this one redirect covers both a fresh login and a visitor
  // who was already signed in. While a stored session is checked (or the open tabs are asked
  // for one) the form stays: on the prerendered page the visitor may already have typed into
  // it, and a loader in its place would lose that (docs/adr/0026).
  if (status === "authenticated") return <Navigate to={redirectTarget(location.state)} replace />;

  const handleSubmit = async ({ email, password, rememberMe }: LoginValues) => {
    setBusy(true);
    setError(null);
    try {
      const signedIn = await login(email, password, rememberMe);
      if (!signedIn) setError(INVALID_CREDENTIALS_MESSAGE);
    } catch (caught) {
      setError(loginErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container size={440} py="xl">
      <Title order={1} ta="center">
        Log In
      </Title>
      <Text c="dimmed" size="sm" ta="center" mt={5}>
        Sign in to manage your team and submissions.
      </Text>

      <Paper withBorder shadow="sm" p="xl" mt="xl" radius="md">
        {/* The reason is always rendered, hidden while GitHub is usable, so the prerendered page
            has it: in a deployment without GitHub the page's first script shows it and disables
            the button before the app is there (src/landing/boot.ts; docs/adr/0026), and the
            app's first render, made before it has the config, leaves both as they are. */}
        <Button
          variant="default"
          fullWidth
          leftSection={<GitHubIcon />}
          onClick={() => window.location.assign(GITHUB_SIGN_IN_URL)}
          disabled={githubOff}
          aria-describedby={githubOff ? GITHUB_OFF_ID : undefined}
          data-github-sign-in
          suppressHydrationWarning
        >
          Continue with GitHub
        </Button>
        <Text
          id={GITHUB_OFF_ID}
          size="xs"
          c="dimmed"
          ta="center"
          mt={6}
          hidden={!githubOff}
          suppressHydrationWarning
        >
          {MESSAGES.githubNotConfigured}
        </Text>

        <Divider label="Or continue with email" labelPosition="center" my="lg" />

        <form onSubmit={form.onSubmit(handleSubmit)}>
          <Stack gap="md">
            {error && <Alert color="red" variant="light" title={`Error: ${error}`} role="alert" />}

            <EmailField key={form.key("email")} {...form.getInputProps("email")} />

            <PasswordField
              label="Password"
              placeholder="Your password"
              autoComplete="current-password"
              withAsterisk
              aria-required
              key={form.key("password")}
              {...form.getInputProps("password")}
            />

            <Group justify="space-between" wrap="wrap">
              <Checkbox
                label="Remember me"
                key={form.key("rememberMe")}
                {...form.getInputProps("rememberMe", { type: "checkbox" })}
              />
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot your password?
              </Anchor>
            </Group>

            <Button type="submit" fullWidth disabled={busy}>
              {busy ? "Logging in..." : "Login"}
            </Button>
          </Stack>
        </form>

        <AuthCardLink to="/register">Need to register?</AuthCardLink>
      </Paper>
    </Container>
  );
}
