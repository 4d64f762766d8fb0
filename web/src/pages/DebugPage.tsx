import {
  Alert,
  Button,
  Code,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { MESSAGES } from "@tandem/contracts";
import { type ReactNode, useEffect, useReducer, useState } from "react";
import { useAuthStatusProbe, useDemoLogin, useVerifyTokenProbe } from "../api/auth/hooks";
import { ApiError } from "../api/client";
import { usePublicConfig } from "../api/config/hooks";
import { useAuth } from "../auth/AuthContext";
import { clearLocalStorage, getApiKey, getToken, readStoredItems } from "../auth/storage";
import { forgetTokenVerification } from "../auth/tokenVerification";
import {
  ApiClientCard,
  AuthStateCard,
  DebugCard,
  StoredItemsCard,
  TokenCard,
} from "../components/Debug/DebugCards";
import { DEMO_LOGIN_OFF } from "../components/Debug/demoLogin";

type Outcome = { ok: boolean; text: string };

function notify(message: string, color: "teal" | "yellow" | "red" = "teal") {
  notifications.show({ message, color });
}

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.serverError) return error.serverError;
  return error instanceof Error && error.message ? error.message : MESSAGES.debugUnknownError;
}

function Result({ title, outcome }: { title: string; outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <Alert color={outcome.ok ? "teal" : "red"} variant="light" title={title}>
      <Code block>{outcome.text}</Code>
    </Alert>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <DebugCard title={title}>
      <Group gap="sm">{children}</Group>
    </DebugCard>
  );
}

/** docs/product.md#debug-page: what the browser holds about the session, and buttons to poke it. */
export default function DebugPage() {
  const { status, user, logout, refresh, adoptSession } = useAuth();
  const { data: config } = usePublicConfig();
  const verifyProbe = useVerifyTokenProbe();
  const statusProbe = useAuthStatusProbe();
  const demoLogin = useDemoLogin();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const [directCall, setDirectCall] = useState<Outcome | null>(null);
  const [authCheck, setAuthCheck] = useState<Outcome | null>(null);
  const [loginError, setLoginError] = useState<string | null>(null);
  const demoLoginOn = config?.demo_login_enabled === true;

  // Another tab signing in or out changes what this page shows.
  useEffect(() => {
    window.addEventListener("storage", rerender);
    return () => window.removeEventListener("storage", rerender);
  }, []);

  const token = getToken();
  const items = readStoredItems();

  const forceLogout = async () => {
    await logout();
    rerender();
  };

  // The client reads the stored token on every request, so "resetting the header" means
  // forgetting the cached verification and checking the stored token again.
  const resetAuthHeader = () => {
    const stored = getToken();
    if (!stored) {
      notify(MESSAGES.debugNoToken, "yellow");
      return;
    }
    forgetTokenVerification(stored);
    void refresh().then(rerender);
    notify(MESSAGES.debugHeaderReset);
  };

  const clearStorage = () => {
    clearLocalStorage();
    void refresh().then(rerender);
  };

  const refreshPage = () => {
    void refresh().then(rerender);
  };

  const copyToken = async () => {
    const stored = getToken();
    if (!stored) {
      notify(MESSAGES.debugNoToken, "yellow");
      return;
    }
    try {
      await navigator.clipboard.writeText(stored);
      notify(MESSAGES.debugTokenCopied);
    } catch (error) {
      notify(errorText(error), "red");
    }
  };

  const testDirectCall = async () => {
    try {
      const body = await verifyProbe.trigger();
      setDirectCall({ ok: true, text: JSON.stringify(body, null, 2) ?? "" });
    } catch (error) {
      setDirectCall({ ok: false, text: errorText(error) });
    }
  };

  const testAuthStatus = async () => {
    const check = await statusProbe.trigger();
    setAuthCheck({ ok: check.valid, text: JSON.stringify(check, null, 2) });
  };

  const directLogin = async () => {
    setLoginError(null);
    try {
      const session = await demoLogin.trigger();
      if (!session) {
        console.error("Demo login answered without a token and user");
        setLoginError(MESSAGES.debugLoginFailed);
        return;
      }
      adoptSession(session, false);
      notify(`Signed in as ${session.user.username}`);
    } catch (error) {
      console.error("Demo login failed", error);
      setLoginError(MESSAGES.debugLoginError(errorText(error)));
    }
  };

  return (
    <Container size="lg" py="xl">
      <Title order={1}>Authentication Debug</Title>
      <Text c="dimmed" mt={5} mb="lg">
        What this browser holds about the session, and tools to test it.
      </Text>

      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <AuthStateCard status={status} user={user} />
          <TokenCard token={token} />
          <StoredItemsCard items={items} />
          <ApiClientCard token={token} apiKey={getApiKey()} />
        </SimpleGrid>

        <Section title="Session">
          <Button color="red" variant="light" onClick={() => void forceLogout()}>
            Force logout
          </Button>
          <Button variant="default" onClick={resetAuthHeader}>
            Reset auth header
          </Button>
          <Button variant="default" onClick={clearStorage}>
            Clear local storage
          </Button>
          <Button variant="default" onClick={refreshPage}>
            Refresh
          </Button>
          <Button variant="default" onClick={() => void copyToken()}>
            Copy token
          </Button>
        </Section>

        <DebugCard title="Tests">
          <Stack gap="md">
            <Group gap="sm">
              <Button
                variant="light"
                loading={verifyProbe.isMutating}
                onClick={() => void testDirectCall()}
              >
                Test direct API call
              </Button>
              <Button
                variant="light"
                loading={statusProbe.isMutating}
                onClick={() => void testAuthStatus()}
              >
                Test auth status
              </Button>
              {/* Always shown (docs/product.md#debug-page lists it); off, it says why instead
                  of vanishing. */}
              <Button
                loading={demoLogin.isMutating}
                disabled={!demoLoginOn}
                aria-describedby={demoLoginOn ? undefined : "direct-login-off"}
                onClick={() => void directLogin()}
              >
                Direct login (demo account)
              </Button>
            </Group>
            {config && !demoLoginOn && (
              <Text id="direct-login-off" size="sm" c="dimmed">
                {DEMO_LOGIN_OFF}
              </Text>
            )}
            <Result title="GET /api/verify-token" outcome={directCall} />
            <Result title="Auth status" outcome={authCheck} />
            {loginError && (
              <Alert color="red" variant="light" role="alert">
                {loginError}
              </Alert>
            )}
          </Stack>
        </DebugCard>
      </Stack>
    </Container>
  );
}
