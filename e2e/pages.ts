import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import {
  freePort,
  type RunningProcess,
  startProcess,
  waitForReady,
} from "../test/support/processes";
import { fillFromTemplate } from "./data-templates";

export interface TestServer {
  baseUrl: string;
  /** Its DATA_DIR (the mail outbox without SMTP_URL is `outbox/` in it), removed by `stop`. */
  dataDir: string;
  /** What the server has printed so far, for a failure's message. */
  output(): string;
  stop(): Promise<void>;
}

/** Extra environment, or a function of the server's address for settings that name it. */
export type ServerEnv = Record<string, string> | ((baseUrl: string) => Record<string, string>);

/** The embedded server on a free port with a throw-away data directory. */
export async function startServer(
  env: ServerEnv = {},
  { readyTimeoutMs }: { readyTimeoutMs?: number } = {},
): Promise<TestServer> {
  const dir = await mkdtemp(join(tmpdir(), "tandem-e2e-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: RunningProcess | undefined;
  let stopping = false;
  const own = typeof env === "function" ? env(baseUrl) : env;
  try {
    await fillFromTemplate(dir, { DATA_SCALE: "0.002", ...own });
    server = startProcess("services/embedded/src/main.ts", {
      DATABASE_URL: "",
      REDIS_URL: "",
      DATA_DIR: dir,
      DATA_SCALE: "0.002",
      PORT: String(port),
      HOST: "127.0.0.1",
      // One browser signs up and in many times from one address within a test file.
      RATE_LIMIT_AUTH_PER_IP: "1000",
      RATE_LIMIT_AUTH_PER_EMAIL: "1000",
      ...own,
    });
    await waitForReady(`${baseUrl}/api/ready`, server, readyTimeoutMs);
    // A server that dies mid-test shows up as refused connections: say why, with its output.
    const running = server;
    running.child.once("exit", (code, signal) => {
      if (!stopping) {
        console.error(
          `The e2e server exited (${code ?? signal}) during the test:\n${running.output()}`,
        );
      }
    });
  } catch (error) {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    dataDir: dir,
    output: () => server?.output() ?? "",
    async stop() {
      stopping = true;
      await server?.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The input labelled exactly `label`. Required fields' labels end in an asterisk the
 * accessibility tree hides but label matching sees, and "Password" must not also match
 * "Confirm Password" or a "Show password" toggle.
 */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
}

/** The error text Mantine shows under the input labelled `label`. */
export function errorOf(page: Page, label: string): Locator {
  return page
    .locator(".mantine-InputWrapper-root, .mantine-Checkbox-root")
    .filter({ has: field(page, label) })
    .locator(".mantine-InputWrapper-error, .mantine-Checkbox-error");
}

export interface Registrant {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;

/** A registrant with an e-mail no other test in this run uses. */
export function newRegistrant(prefix: string): Registrant {
  counter += 1;
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    email: `${prefix}-${Date.now()}-${counter}@example.org`,
    password: "analytical-engine",
  };
}

export async function fillBasicInfo(page: Page, person: Registrant): Promise<void> {
  await field(page, "First Name").fill(person.firstName);
  await field(page, "Last Name").fill(person.lastName);
  await field(page, "Email").fill(person.email);
}

/** From /register to step 3 as a student graduating next year. */
export async function goToSecurityStep(page: Page, baseUrl: string, person: Registrant) {
  await page.goto(`${baseUrl}/register`);
  await fillBasicInfo(page, person);
  await page.getByRole("button", { name: "Continue" }).click();
  await field(page, "Expected Graduation Year").fill(String(new Date().getFullYear() + 1));
  await field(page, "Field of Study").fill("Mathematics");
  await field(page, "Area of Interest").fill("Healthcare");
  await page.getByRole("button", { name: "Continue" }).click();
  await field(page, "Password").waitFor();
}

export async function fillSecurityStep(page: Page, password: string): Promise<void> {
  await field(page, "Password").fill(password);
  await field(page, "Confirm Password").fill(password);
  await page.getByRole("checkbox", { name: "I agree to the Privacy Policy" }).check();
}

/** Signs in through the login form and waits for the dashboard it lands on. */
export async function signInWithForm(
  page: Page,
  baseUrl: string,
  person: { email: string; password: string },
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole("button", { name: "Login" }).click();
  // A refused sign-in says why at once, rather than leaving the wait to run out its bound.
  const refusal = await failureBefore(
    page.waitForURL(`${baseUrl}/dashboard`),
    page.getByRole("alert"),
  );
  if (refusal !== null) throw new Error(`the sign-in was refused: ${refusal}`);
}

/**
 * Null once `done` settles, or the text of `failure` if it shows first: an action the page
 * refuses fails the test at once with the page's reason instead of waiting out the bound.
 */
export async function failureBefore(done: Promise<unknown>, failure: Locator) {
  const finished = done.then(() => null);
  const failed = failure.waitFor().then(() => failure.innerText());
  // The loser is left waiting; its end (a bound, or the page closing) is not the caller's.
  finished.catch(() => {});
  failed.catch(() => {});
  return Promise.race([finished, failed]);
}

/** Signs out through the header's settings menu (desktop width). */
export async function logoutThroughMenu(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole("button", { name: "Settings" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await page.waitForURL(`${baseUrl}/login`);
}
