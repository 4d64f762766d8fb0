import { Center, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useCodeExchange } from "../api/auth/hooks";
import { ApiError } from "../api/client";
import { fetchPublicConfig } from "../api/config/hooks";
import { useAuth } from "../auth/AuthContext";

const FAILED = "/login?error=github";
/** The link came from a sign-in started in another browser (someone else's, perhaps). */
const OTHER_BROWSER = "/login?error=github_other_browser";

/** Opens the notebook hub in a new tab, if this deployment has one with a web address. */
async function openNotebookHub(): Promise<void> {
  try {
    const { jupyterhub_url: url } = await fetchPublicConfig();
    if (url && /^https?:\/\//i.test(url)) window.open(url, "_blank", "noopener,noreferrer");
  } catch {
    // The sign-in itself worked; the hub can still be launched from the dashboard.
  }
}

/**
 * The return from GitHub sign-in (/login/success?token=...&team_status=...&target=...). `token`
 * is a single-use code, traded here for a normal session; the server trades it only in the
 * browser that started the sign-in, so a link someone else sends signs no one in.
 */
export function GitHubReturn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { adoptSession } = useAuth();
  const { trigger: exchange } = useCodeExchange();
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; the code is single-use
  useEffect(() => {
    // Strict mode runs effects twice in development; a second exchange would spend the code.
    if (started.current) return;
    started.current = true;

    const code = params.get("token");
    if (!code) {
      void navigate(FAILED, { replace: true });
      return;
    }
    const wantsHub =
      params.get("team_status") === "active" && params.get("target") === "jupyterhub";

    void (async () => {
      try {
        adoptSession(await exchange(code), false);
      } catch (caught) {
        const otherBrowser =
          caught instanceof ApiError && caught.code === "auth.github_other_browser";
        void navigate(otherBrowser ? OTHER_BROWSER : FAILED, { replace: true });
        return;
      }
      if (wantsHub) await openNotebookHub();
      void navigate("/dashboard", { replace: true });
    })();
  }, []);

  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text role="status">Signing you in...</Text>
      </Stack>
    </Center>
  );
}
