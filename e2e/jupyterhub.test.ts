import { type ChildProcess, spawn } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { TEAM_MESSAGES } from "@tandem/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubTokenSigner } from "../services/gateway/src/modules/jupyter/hub-token";
import {
  freePort,
  REPO_ROOT,
  type RunningProcess,
  startProcess,
  waitForReady,
} from "../test/support/processes";
import { ACTION_BOUND_MS, openBrowser } from "./browser";
import { fillFromTemplate } from "./data-templates";

// docs/architecture.md#integrations and docs/product.md#jupyterhub: Debian's jupyterhub (with
// its configurable-http-proxy) on loopback, configured by deploy/jupyterhub/, trusting the
// embedded gateway's tokens.
const JUPYTERHUB = "/usr/bin/jupyterhub";
const HUB_CONFIG = join(REPO_ROOT, "deploy/jupyterhub/jupyterhub_config.py");
const ADMIN = { email: "hub-admin@example.org", password: "hub-admin-password" };
const REFUSED = "This sign-in link is invalid, expired or already used";

type Browser = Awaited<ReturnType<typeof openBrowser>>;

let dir: string;
let baseUrl: string;
let hubUrl: string;
let gateway: RunningProcess;
let hub: { child: ChildProcess; output(): string; stop(): Promise<void> };
let browser: Browser;
let adminToken: string;
const tokensSeen: string[] = [];

/** Starts the hub in its own process group, with an environment free of other Pythons. */
function startHub(env: Record<string, string>, cwd: string) {
  const child = spawn(JUPYTERHUB, ["-f", HUB_CONFIG], {
    cwd,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGTERM lets the hub stop its proxy and the single-user servers (SIGKILL orphans them).
      child.kill("SIGTERM");
      const timeout = new Promise<"timeout">((resolve) =>
        setTimeout(() => resolve("timeout"), 15_000),
      );
      if ((await Promise.race([exited, timeout])) === "timeout" && child.pid) {
        process.kill(-child.pid, "SIGKILL");
        await exited;
      }
    },
  };
}

async function api(path: string, init: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: JSON.stringify(init.body ?? {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signIn(person: { email: string; password: string }): Promise<string> {
  const response = await api("/login-verification", { body: { ...person, rememberMe: false } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token as string;
}

/** Opens `/hub/login?token=...` without following redirects. */
async function hubLogin(token: string) {
  tokensSeen.push(token);
  const response = await fetch(`${hubUrl}/hub/login?token=${encodeURIComponent(token)}`, {
    redirect: "manual",
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    body: await response.text(),
  };
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
}

async function embeddedSigner() {
  const secrets = JSON.parse(await readFile(join(dir, "data", "secrets.json"), "utf8"));
  return createHubTokenSigner(secrets.jupyterSigningKey as string);
}

/** Waits until the page shows the user's notebook tree (the spawn-pending page moves on itself). */
async function waitForNotebook(page: Page, hubUser: string) {
  const tree = new RegExp(`/user/${hubUser}/tree`);
  await page.waitForURL(tree);
  await page.locator("#notebook_list").waitFor();
}

// Runs in the notebook page: starts a kernel through the REST API (with the page's cookies and
// XSRF token), runs `code` over the kernel's websocket, and answers what it printed.
const RUN_IN_KERNEL = (base: string, code: string) => `(async () => {
  const base = ${JSON.stringify(base)};
  const code = ${JSON.stringify(code)};
  const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1];
  const headers = { "content-type": "application/json" };
  if (xsrf) headers["X-XSRFToken"] = decodeURIComponent(xsrf);
  const started = await fetch(base + "/api/kernels", { method: "POST", headers, body: JSON.stringify({ name: "python3" }) });
  if (!started.ok) throw new Error("kernel start: " + started.status + " " + (await started.text()));
  const kernel = await started.json();
  try {
    return await new Promise((resolve, reject) => {
      const ws = new WebSocket(location.origin.replace(/^http/, "ws") + base + "/api/kernels/" + kernel.id + "/channels");
      const msgId = "e2e-" + Math.random().toString(16).slice(2);
      let out = "";
      const timer = setTimeout(() => { ws.close(); reject(new Error("kernel timed out; output: " + out)); }, 30000);
      ws.onerror = () => reject(new Error("kernel websocket failed"));
      ws.onopen = () => ws.send(JSON.stringify({
        header: { msg_id: msgId, username: "e2e", session: "e2e-" + msgId, msg_type: "execute_request", version: "5.3", date: new Date().toISOString() },
        parent_header: {}, metadata: {}, buffers: [], channel: "shell",
        content: { code, silent: false, store_history: false, user_expressions: {}, allow_stdin: false, stop_on_error: true },
      }));
      ws.onmessage = (event) => {
        const msg = JSON.parse(event.data);
        if (!msg.parent_header || msg.parent_header.msg_id !== msgId) return;
        if (msg.msg_type === "stream") out += msg.content.text;
        if (msg.msg_type === "error") out += msg.content.ename + ": " + msg.content.evalue;
        if (msg.msg_type === "status" && msg.content.execution_state === "idle") {
          clearTimeout(timer); ws.close(); resolve(out);
        }
      };
    });
  } finally {
    await fetch(base + "/api/kernels/" + kernel.id, { method: "DELETE", headers });
  }
})()`;

const KERNEL_CHECK = `
import json, os, urllib.request
import tandem_bench
folder = os.path.join(os.environ["HOME"], "shared", "datasets", "RetailBanking")
with urllib.request.urlopen(os.environ["TANDEM_API_URL"] + "/api/competition/domains", timeout=10) as r:
    domains = json.load(r)["domains"]
print(json.dumps({
    "sdk": tandem_bench.__file__,
    "api": os.environ["TANDEM_API_URL"],
    "files": sorted(os.listdir(folder)),
    "domains": len(domains),
}))
`;

import { signInWithForm } from "./pages";

beforeAll(async () => {
  if (!existsSync(JUPYTERHUB)) {
    throw new Error(
      "Debian's JupyterHub is missing: apt-get install -y jupyterhub python3-jwt python3-requests (.ci/run does)",
    );
  }
  // Short: kernel sockets (IPC) live under it.
  dir = await mkdtemp("/tmp/tandem-hub-");
  const [port, hubPort, hubApiPort, proxyApiPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  baseUrl = `http://127.0.0.1:${port}`;
  hubUrl = `http://127.0.0.1:${hubPort}`;
  // From a copy of the run's first start (e2e/data-templates.ts), not a first start of its own:
  // at load 20 a first start beside the hub's passed this hook's bound.
  await fillFromTemplate(join(dir, "data"), { DATA_SCALE: "0.002" });
  gateway = startProcess("services/embedded/src/main.ts", {
    DATABASE_URL: "",
    REDIS_URL: "",
    DATA_DIR: join(dir, "data"),
    DATA_SCALE: "0.002",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JUPYTERHUB_URL: hubUrl,
    // Every request line, so the test can tell that no token reaches the log.
    LOG_LEVEL: "info",
  });

  // The hub starts alongside: it waits for the gateway to publish its public key.
  const cwd = join(dir, "hub-cwd");
  await mkdir(cwd, { recursive: true });
  hub = startHub(
    {
      PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      HOME: dir,
      LANG: "C.UTF-8",
      // Debian's configurable-http-proxy finds its modules only with this (and this machine's node).
      NODE_PATH: "/usr/share/nodejs:/usr/lib/nodejs",
      CONFIGPROXY_AUTH_TOKEN: randomBytes(24).toString("hex"),
      // One test user on loopback: the shared spawner, asked for by name (the default isolates).
      TANDEM_HUB_SPAWNER: "shared",
      TANDEM_HUB_BIND_URL: hubUrl,
      TANDEM_HUB_INTERNAL_URL: `http://127.0.0.1:${hubApiPort}`,
      TANDEM_HUB_PROXY_API_URL: `http://127.0.0.1:${proxyApiPort}`,
      TANDEM_HUB_STATE_DIR: join(dir, "hub-state"),
      TANDEM_HUB_USERS_DIR: join(dir, "users"),
      TANDEM_HUB_RUNTIME_DIR: join(dir, "rt"),
      TANDEM_SHARED_DIR: join(dir, "shared"),
      TANDEM_DATASETS_SOURCE: join(dir, "data", "static"),
      TANDEM_PUBLIC_KEY_URL: `${baseUrl}/api/jupyter/public-key`,
      TANDEM_PUBLIC_KEY_WAIT: "150",
      TANDEM_LAUNCH_URL: `${baseUrl}/api/jupyter/launch`,
      PYTHONDONTWRITEBYTECODE: "1",
      TANDEM_API_URL: baseUrl,
      TANDEM_SDK_PATH: join(REPO_ROOT, "sdk", "python"),
    },
    cwd,
  );
  const hubProcess = { child: hub.child, output: hub.output, stop: async () => null };
  [browser] = await Promise.all([
    openBrowser(),
    waitForReady(`${baseUrl}/api/ready`, gateway),
    waitForReady(`${hubUrl}/hub/api`, hubProcess),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await hub?.stop();
  await gateway?.stop();
  if (dir) {
    // The hub leaves the datasets folder read-only; a non-root run could not empty it.
    await chmod(join(dir, "shared", "datasets"), 0o755).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
});

describe("JupyterHub, trusting the gateway's tokens", () => {
  let hubUser: string;
  let notebook: Page;
  let launchUrl: string;

  it("tells a participant who is not an admin the spec's message", async () => {
    const created = await api("/save-user-signup", {
      body: {
        firstName: "Pat",
        lastName: "Participant",
        fullName: "Pat Participant",
        email: "pat@example.org",
        password: "participant-pw",
        isStudent: false,
        position: "Analyst",
        area: "Healthcare",
        eligible: true,
        rememberMe: true,
      },
    });
    expect(created.status).toBe(201);
    const response = await api("/jupyter/generate-token", { token: created.body.token as string });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe(TEAM_MESSAGES.jupyterAdminRequired);
  });

  it("signs an admin outside any team in from the console's overview (issue 33)", async () => {
    adminToken = await signIn(ADMIN);
    const page = await browser.context.newPage();
    await signInWithForm(page, baseUrl, ADMIN);
    await page
      .getByRole("region", { name: "Organizers' console" })
      .getByRole("link", { name: "Overview", exact: true })
      .click();
    await page.waitForURL(`${baseUrl}/admin`);
    const launch = page
      .getByRole("region", { name: "JupyterHub" })
      .getByRole("button", { name: "Launch JupyterHub" });
    await expect.poll(() => launch.isEnabled(), { timeout: ACTION_BOUND_MS }).toBe(true);
    const [tab] = await Promise.all([browser.context.waitForEvent("page"), launch.click()]);
    await tab.waitForURL(new RegExp(`^${hubUrl}/`));
    const tree = /\/user\/([a-z0-9-]+)\/tree/;
    await tab.waitForURL(tree);
    await tab.locator("#notebook_list").waitFor();
    expect(tab.url()).not.toContain("token=");
    await tab.close();
    await page.close();
  });

  it("signs the admin in from the dashboard's Launch JupyterHub, onto a running server with the data and the SDK", async () => {
    const team = await api("/teams/create", { token: adminToken, body: { team_name: "hub-team" } });
    expect(team.status, JSON.stringify(team.body)).toBe(201);

    const page = await browser.context.newPage();
    await signInWithForm(page, baseUrl, ADMIN);

    const hubLoginRequests: string[] = [];
    browser.context.on("request", (request) => {
      if (request.url().startsWith(`${hubUrl}/hub/login`)) hubLoginRequests.push(request.url());
    });
    const [tab] = await Promise.all([
      browser.context.waitForEvent("page"),
      page.getByRole("button", { name: "Launch JupyterHub" }).click(),
    ]);
    notebook = tab;
    await notebook.waitForURL(new RegExp(`^${hubUrl}/`));
    launchUrl = hubLoginRequests[0]!;
    const token = new URL(launchUrl).searchParams.get("token")!;
    tokensSeen.push(token);
    hubUser = claimsOf(token).sub as string;
    expect(hubUser).toMatch(/^[a-z0-9-]+$/);

    await waitForNotebook(notebook, hubUser);
    // The token is spent at the door: no later address carries it.
    expect(notebook.url()).not.toContain("token=");

    const listing = JSON.parse(
      await notebook.evaluate(
        `fetch("/user/${hubUser}/api/contents/shared/datasets/RetailBanking").then((r) => r.text())`,
      ),
    ) as { content: { name: string }[] };
    const expected = (await readdir(join(dir, "data", "static", "retail-banking"))).sort();
    expect(expected).toContain("description.md");
    expect(listing.content.map((file) => file.name).sort()).toEqual(expected);

    const printed = (await notebook.evaluate(
      RUN_IN_KERNEL(`/user/${hubUser}`, KERNEL_CHECK),
    )) as string;
    const result = JSON.parse(printed.trim()) as {
      sdk: string;
      api: string;
      files: string[];
      domains: number;
    };
    expect(result.sdk).toBe(join(REPO_ROOT, "sdk", "python", "tandem_bench", "__init__.py"));
    expect(result.api).toBe(baseUrl);
    expect(result.files).toEqual(expected);
    expect(result.domains).toBe(6);
  });

  it("refuses the same link a second time", async () => {
    const again = await hubLogin(new URL(launchUrl).searchParams.get("token")!);
    expect(again.status).toBe(403);
    expect(again.body).toContain(REFUSED);
  });

  it("refuses an expired token, though signed with the gateway's own key", async () => {
    const signer = await embeddedSigner();
    const { token } = signer.sign(
      {
        userId: "00000000-0000-4000-8000-000000000001",
        username: "Late Comer",
        email: "late@example.org",
        teamId: "00000000-0000-4000-8000-0000000000aa",
        teamName: "late",
      },
      new Date(Date.now() - 10 * 60_000),
    );
    const response = await hubLogin(token);
    expect(response.status).toBe(403);
    expect(response.body).toContain(REFUSED);
  });

  it("refuses tampered and wrongly signed tokens, and still takes the untouched one", async () => {
    const fresh = await api("/jupyter/generate-token", { token: adminToken });
    expect(fresh.status).toBe(200);
    expect(String(fresh.body.jupyterhub_url)).toBe(
      `${hubUrl}/hub/login?token=${encodeURIComponent(String(fresh.body.token))}`,
    );
    const token = fresh.body.token as string;
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

    const otherUser = b64({ ...claimsOf(token), sub: "someone-else-00000000" });
    const tampered = await hubLogin(`${header}.${otherUser}.${signature}`);
    expect(tampered.status).toBe(403);

    const unsigned = await hubLogin(`${b64({ alg: "none", typ: "JWT" })}.${payload}.`);
    expect(unsigned.status).toBe(403);

    // The public key as an HMAC secret: the classic algorithm-confusion forgery.
    const publicPem = await (await fetch(`${baseUrl}/api/jupyter/public-key`)).text();
    const hsHeader = b64({ alg: "HS256", typ: "JWT" });
    const hsSignature = createHmac("sha256", publicPem)
      .update(`${hsHeader}.${payload}`)
      .digest("base64url");
    const confused = await hubLogin(`${hsHeader}.${payload}.${hsSignature}`);
    expect(confused.status).toBe(403);

    const genuine = await hubLogin(token);
    expect(genuine.status).toBe(302);
    expect(genuine.location).not.toContain("token");
  });

  it("signs in a browser that has no hub session through Tandem (the public config's link)", async () => {
    const config = (await (await fetch(`${baseUrl}/api/config/public`)).json()) as {
      jupyterhub_url: string;
    };
    expect(config.jupyterhub_url).toBe(hubUrl);
    const page = await browser.context.newPage();
    const minted: string[] = [];
    page.on("request", (request) => {
      const token = new URL(request.url()).searchParams.get("token");
      if (token) minted.push(token);
    });
    // The hub's cookies go; the Tandem session stays. The GitHub return opens the hub's root.
    await browser.context.clearCookies({ name: /^jupyterhub-/ });
    await page.goto(config.jupyterhub_url);
    await waitForNotebook(page, hubUser);
    // A bookmarked notebook address comes back to itself after the round trip.
    await browser.context.clearCookies({ name: /^jupyterhub-/ });
    await page.goto(`${hubUrl}/user/${hubUser}/tree?bookmarked=1`);
    await waitForNotebook(page, hubUser);
    expect(page.url()).toContain("bookmarked=1");
    // Each visit went through the gateway for a fresh token.
    expect(new Set(minted).size).toBe(2);
    tokensSeen.push(...minted);
    await page.close();
  });

  it("lets a second person's link replace the first person's hub session in the same browser", async () => {
    const signer = await embeddedSigner();
    const { token } = signer.sign({
      userId: "00000000-0000-4000-8000-000000000002",
      username: "Second Organizer",
      email: "second@example.org",
      teamId: "00000000-0000-4000-8000-0000000000bb",
      teamName: "second",
    });
    tokensSeen.push(token);
    const second = claimsOf(token).sub as string;
    const request = browser.context.request;
    const login = await request.get(`${hubUrl}/hub/login?token=${encodeURIComponent(token)}`, {
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    const home = await (await request.get(`${hubUrl}/hub/home`)).text();
    expect(home).toContain(second);
    expect(home).not.toContain(hubUser);
  });

  it("never writes a token to the gateway's or the hub's log", () => {
    expect(tokensSeen.length).toBeGreaterThanOrEqual(5);
    expect(hub.output()).toContain("/hub/login?token=[secret]");
    for (const token of tokensSeen) {
      const signature = token.split(".")[2]!;
      for (const log of [gateway.output(), hub.output()]) {
        expect(log).not.toContain(token);
        if (signature) expect(log).not.toContain(signature);
      }
    }
  });
});
