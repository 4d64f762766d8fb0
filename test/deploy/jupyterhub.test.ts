import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHubTokenSigner } from "../../services/gateway/src/modules/jupyter/hub-token";
import { freePort, REPO_ROOT } from "../support/processes";
import { compose } from "./support/compose";
import { hubImage } from "./support/dockerfile";

/** What a container's root keeps when compose drops nothing (Docker's default set). */
const DOCKER_DEFAULT_CAPABILITIES = [
  "AUDIT_WRITE",
  "CHOWN",
  "DAC_OVERRIDE",
  "FOWNER",
  "FSETID",
  "KILL",
  "MKNOD",
  "NET_BIND_SERVICE",
  "NET_RAW",
  "SETFCAP",
  "SETGID",
  "SETPCAP",
  "SETUID",
  "SYS_CHROOT",
];

describe("the notebook hub as its image runs it (deploy/jupyterhub, per-user servers)", () => {
  // Debian's JupyterHub, started as root the way compose starts the image: the image's spawner
  // mode, only compose's capabilities, no new privileges. Needs root, jupyterhub and setpriv.
  const JUPYTERHUB = "/usr/bin/jupyterhub";
  const runnable =
    process.getuid?.() === 0 &&
    existsSync(JUPYTERHUB) &&
    spawnSync("setpriv", ["--version"]).status === 0;
  const signer = createHubTokenSigner(
    generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  );
  let dir: string;
  let hubUrl: string;
  let hub: ChildProcess | undefined;
  let output = "";

  /** Signs a person in with a gateway token and starts their server; answers its process. */
  async function startServer(person: { id: string; name: string }) {
    const { token } = signer.sign({
      userId: person.id,
      username: person.name,
      email: `${person.id.slice(-4)}@example.org`,
      teamId: "00000000-0000-4000-8000-0000000000aa",
      teamName: "hub-isolation",
    });
    const name = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sub;
    const jar = new Map<string, string>();
    const get = async (path: string) => {
      const response = await fetch(`${hubUrl}${path}`, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([key, value]) => `${key}=${value}`).join("; ") },
      });
      for (const cookie of response.headers.getSetCookie()) {
        const pair = cookie.split(";")[0]!;
        jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      }
      return response;
    };
    expect((await get(`/hub/login?token=${encodeURIComponent(token)}`)).status).toBe(302);
    await get(`/hub/spawn/${name}`);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const pending = await get(`/hub/spawn-pending/${name}`);
      if (pending.status === 302 && pending.headers.get("location")?.includes(`/user/${name}/`)) {
        break;
      }
      if (pending.status >= 500 || Date.now() > deadline) {
        throw new Error(`${name}'s server did not start (${pending.status}):\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const pid = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .find((entry) => {
        try {
          return (
            readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("jupyterhub-singleuser") &&
            readFileSync(`/proc/${entry}/environ`, "utf8")
              .split("\0")
              .includes(`JUPYTERHUB_USER=${name}`)
          );
        } catch {
          return false;
        }
      });
    expect(pid, `${name}'s single-user server`).toBeDefined();
    return { name, pid: Number(pid), ...processIds(Number(pid)) };
  }

  function processIds(pid: number) {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (key: string) => new RegExp(`^${key}:[ \\t]*(.*)$`, "m").exec(status)![1]!.trim();
    return {
      uid: Number(field("Uid").split(/\s+/)[0]),
      uids: field("Uid").split(/\s+/).map(Number),
      gids: field("Gid").split(/\s+/).map(Number),
      groups: field("Groups"),
      capabilities: [field("CapPrm"), field("CapEff")],
    };
  }

  /** What a process with the server's uid and gid, and nothing more, can do with each path. */
  function probe(
    as: { uids: number[]; gids: number[] },
    checks: [string, "read" | "list" | "write", string][],
  ) {
    const script = `
import json, os, sys
out = {}
for label, op, path in json.loads(sys.argv[1]):
    try:
        if op == "read":
            open(path, "rb").read(1)
        elif op == "list":
            os.listdir(path)
        else:
            with open(path, "w") as f:
                f.write("x")
        out[label] = "ok"
    except OSError as error:
        out[label] = os.strerror(error.errno)
print(json.dumps(out))
`;
    const result = spawnSync(
      "setpriv",
      [
        `--reuid=${as.uids[0]}`,
        `--regid=${as.gids[0]}`,
        "--clear-groups",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--no-new-privs",
        "--",
        "/usr/bin/python3",
        "-c",
        script,
        JSON.stringify(checks),
      ],
      { encoding: "utf8", cwd: "/" },
    );
    expect(result.status, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as Record<string, string>;
  }

  beforeAll(async () => {
    if (!runnable) return;
    // Under /tmp, short (kernel sockets), and open to the servers' users like the image's paths.
    dir = mkdtempSync("/tmp/tandem-hubiso-");
    chmodSync(dir, 0o755);
    const data = join(dir, "static", "retail-banking");
    mkdirSync(data, { recursive: true });
    chmodSync(join(dir, "static"), 0o755);
    chmodSync(data, 0o755);
    writeFileSync(join(data, "accounts.csv"), "account_id\n1\n", { mode: 0o644 });
    writeFileSync(join(dir, "public.pem"), signer.publicKeyPem);
    mkdirSync(join(dir, "cwd"));
    const [hubPort, hubApiPort, proxyApiPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    hubUrl = `http://127.0.0.1:${hubPort}`;
    // What Docker leaves the container's root: compose's list after `cap_drop: [ALL]`, else
    // Docker's defaults; and no new privileges only if compose asks for it.
    const service = compose.services.jupyterhub!;
    const capabilities = (
      (service.cap_drop as string[] | undefined)?.includes("ALL")
        ? ((service.cap_add as string[] | undefined) ?? [])
        : DOCKER_DEFAULT_CAPABILITIES
    )
      .map((name) => `+${name.toLowerCase()}`)
      .join(",");
    const noNewPrivileges = ((service.security_opt as string[] | undefined) ?? []).includes(
      "no-new-privileges:true",
    );
    hub = spawn(
      "setpriv",
      [
        ...(noNewPrivileges ? ["--no-new-privs"] : []),
        "--inh-caps=-all",
        `--bounding-set=-all,${capabilities}`,
        "--",
        JUPYTERHUB,
        "-f",
        join(REPO_ROOT, "deploy/jupyterhub/jupyterhub_config.py"),
      ],
      {
        cwd: join(dir, "cwd"),
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
          HOME: dir,
          LANG: "C.UTF-8",
          NODE_PATH: "/usr/share/nodejs:/usr/lib/nodejs",
          PYTHONDONTWRITEBYTECODE: "1",
          CONFIGPROXY_AUTH_TOKEN: randomBytes(24).toString("hex"),
          TANDEM_HUB_SPAWNER: hubImage.env.TANDEM_HUB_SPAWNER ?? "",
          // The image's proxy user (jovyan) does not exist on this machine.
          TANDEM_HUB_PROXY_USER: "nobody",
          TANDEM_HUB_BIND_URL: hubUrl,
          TANDEM_HUB_INTERNAL_URL: `http://127.0.0.1:${hubApiPort}`,
          TANDEM_HUB_PROXY_API_URL: `http://127.0.0.1:${proxyApiPort}`,
          TANDEM_HUB_STATE_DIR: join(dir, "state"),
          TANDEM_HUB_USERS_DIR: join(dir, "users"),
          TANDEM_HUB_RUNTIME_DIR: join(dir, "rt"),
          TANDEM_SHARED_DIR: join(dir, "shared"),
          TANDEM_DATASETS_SOURCE: join(dir, "static"),
          TANDEM_PUBLIC_KEY_FILE: join(dir, "public.pem"),
          TANDEM_API_URL: "http://127.0.0.1:9",
          TANDEM_SDK_PATH: join(REPO_ROOT, "sdk", "python"),
        },
      },
    );
    hub.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    hub.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (hub.exitCode !== null) throw new Error(`the hub exited with ${hub.exitCode}:\n${output}`);
      const ok = await fetch(`${hubUrl}/hub/api`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the hub did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  afterAll(async () => {
    if (hub?.pid && hub.exitCode === null) {
      const exited = new Promise((resolve) => hub!.once("exit", resolve));
      // SIGTERM lets the hub stop its proxy and the servers.
      hub.kill("SIGTERM");
      const timeout = new Promise((resolve) => setTimeout(() => resolve("timeout"), 15_000));
      if ((await Promise.race([exited, timeout])) === "timeout") {
        process.kill(-hub.pid, "SIGKILL");
        await exited;
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("runs each person's server under a uid of its own, unable to read the hub's secrets or another's files", async () => {
    // .ci/run installs Debian's jupyterhub and runs as root; without them this must not pass.
    expect(runnable, "needs root, /usr/bin/jupyterhub and setpriv").toBe(true);
    const first = await startServer({
      id: "00000000-0000-4000-8000-000000000101",
      name: "Ada Lovelace",
    });
    const second = await startServer({
      id: "00000000-0000-4000-8000-000000000202",
      name: "Alan Turing",
    });
    const hubIds = processIds(hub!.pid!);
    const state = join(dir, "state");
    const proxyPid = Number(readFileSync(join(state, "jupyterhub-proxy.pid"), "utf8").trim());
    const nobody = Number(execFileSync("id", ["-u", "nobody"], { encoding: "utf8" }).trim());

    for (const server of [first, second]) {
      // Not root, not the hub, not the proxy, no capabilities, no groups, and nobody else's.
      expect(server.uids, server.name).toEqual(Array(4).fill(server.uid));
      expect(server.uid).toBeGreaterThan(0);
      expect(server.uid).not.toBe(hubIds.uid);
      expect(server.uid).not.toBe(nobody);
      expect(server.gids).toEqual(Array(4).fill(server.uid));
      expect(server.groups).toBe("");
      expect(server.capabilities).toEqual(["0000000000000000", "0000000000000000"]);
      const environment = readFileSync(`/proc/${server.pid}/environ`, "utf8");
      expect(environment).not.toContain("CONFIGPROXY_AUTH_TOKEN");
      const home = statSync(join(dir, "users", server.name));
      expect([home.uid, home.mode & 0o777]).toEqual([server.uid, 0o700]);
    }
    expect(first.uid).not.toBe(second.uid);
    // The proxy that faces browsers runs as neither root nor a notebook user.
    expect(processIds(proxyPid).uids).toEqual([nobody, nobody, nobody, nobody]);

    // The cookie secret and the database: root's, in a folder only root can open.
    const secret = statSync(join(state, "jupyterhub_cookie_secret"));
    expect([secret.uid, secret.mode & 0o777]).toEqual([hubIds.uid, 0o600]);
    const stateDir = statSync(state);
    expect([stateDir.uid, stateDir.mode & 0o777]).toEqual([hubIds.uid, 0o700]);

    const home = join(dir, "users", first.name);
    const seen = probe(first, [
      ["cookie secret", "read", join(state, "jupyterhub_cookie_secret")],
      ["hub database", "read", join(state, "jupyterhub.sqlite")],
      ["hub state folder", "list", state],
      ["hub environment", "read", `/proc/${hub!.pid}/environ`],
      ["proxy environment", "read", `/proc/${proxyPid}/environ`],
      ["other server's environment", "read", `/proc/${second.pid}/environ`],
      ["other home", "list", join(dir, "users", second.name)],
      ["other kernels", "list", join(dir, "rt", second.name)],
      ["own home", "write", join(home, "notes.txt")],
      ["own kernels", "list", join(dir, "rt", first.name)],
      ["datasets", "read", join(home, "shared", "datasets", "RetailBanking", "accounts.csv")],
    ]);
    expect(seen).toEqual({
      "cookie secret": "Permission denied",
      "hub database": "Permission denied",
      "hub state folder": "Permission denied",
      "hub environment": "Permission denied",
      "proxy environment": "Permission denied",
      "other server's environment": "Permission denied",
      "other home": "Permission denied",
      "other kernels": "Permission denied",
      "own home": "ok",
      "own kernels": "ok",
      datasets: "ok",
    });
    expect(readlinkSync(join(home, "shared"))).toBe(join(dir, "shared"));
  });
});
