/** The sign-in page's sentence saying why "Continue with GitHub" is disabled (LoginPage). */
export const GITHUB_OFF_ID = "github-off";

/**
 * The prerendered sign-in page as the app shows it in a deployment without a GitHub app: the
 * button disabled (Mantine styles it by `disabled` and `data-disabled`) and described by the
 * sentence, which is shown. The page's first script does this, so the page needs no app for it.
 */
export function showGithubOff(doc: Document): void {
  const reason = doc.getElementById(GITHUB_OFF_ID);
  const button = doc.querySelector<HTMLButtonElement>("button[data-github-sign-in]");
  if (!reason || !button) return;
  reason.hidden = false;
  button.disabled = true;
  button.dataset.disabled = "true";
  button.setAttribute("aria-describedby", GITHUB_OFF_ID);
}
