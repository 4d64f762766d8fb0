import { once } from "node:events";
import { Agent, get, request } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { connect } from "node:net";
import { Writable } from "node:stream";
import { submissions } from "@tandem/db";
import { eq } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { activeTeam, buildTestApp, type TestApp } from "./helper";

async function listening(t: TestApp) {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return (t.app.server.address() as AddressInfo).port;
}

/** The server's end of the next connection it accepts. */
function nextConnection(t: TestApp): Promise<Socket> {
  return once(t.app.server, "connection").then(([socket]) => socket as Socket);
}

/** A debug logger, and the next time it logs `msg`. */
function watchedLogs() {
  const lines = new EventTarget();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        lines.dispatchEvent(new CustomEvent("line", { detail: JSON.parse(line).msg }));
      }
      done();
    },
  });
  const logged = (msg: string) =>
    new Promise<void>((resolve) =>
      lines.addEventListener("line", (event) => {
        if ((event as CustomEvent<string>).detail === msg) resolve();
      }),
    );
  return { logger: pino({ level: "debug" }, sink), logged };
}

/** The app's close as a rolling deploy's SIGTERM starts it (server.ts), with a client in each case. */
describe("the gateway's close", () => {
  // Node counts a connection busy until its first request, and its close stops the timer that
  // would end one: fetch's pool opened one after the intake test's aborted requests, and each
  // close of that file waited 70 s for fetch to give it up.
  it("ends a connection that never sent a request, with the idle ones, not waiting for its client", async () => {
    const t = await buildTestApp();
    const agent = new Agent({ keepAlive: true });
    let unused: Socket | undefined;
    try {
      const port = await listening(t);
      // One connection between requests (Node ends it on close), and one that sent nothing.
      const answer = await new Promise<import("node:http").IncomingMessage>((resolve) =>
        get({ port, host: "127.0.0.1", path: "/api/health", agent }, resolve),
      );
      const kept = answer.socket;
      answer.resume();
      await once(answer, "end");
      const accepted = nextConnection(t);
      unused = connect(port, "127.0.0.1");
      unused.on("error", () => {});
      await once(unused, "connect");
      const serverEnd = await accepted;

      const closing = t.app.close();
      // Node's close has ended the connection between requests: the close pass has run.
      await once(kept, "close");
      expect(serverEnd.destroyed).toBe(true);
      await closing;
    } finally {
      unused?.destroy();
      agent.destroy();
      await t.close();
    }
  });

  // A client that gives up once its file is in does not end its submission: it is stored and
  // scored as if the client had waited, and the close waits for it rather than closing the
  // parser, the database and the queue under it.
  it("waits for a submission whose client went away, which is stored and scored", async () => {
    const { logger, logged } = watchedLogs();
    const t = await buildTestApp({ SUBMISSION_INTAKE_SLOTS: "1", SUBMIT_WAIT_MS: "0" }, { logger });
    // The team's and challenge's admission lock (packages/jobs/src/admit-submission.ts), held
    // here: the submission, once checked, waits for it before it is stored.
    const lock = new pg.Client({ connectionString: t.database.url });
    let locked = false;
    let client: ReturnType<typeof request> | undefined;
    try {
      const team = await activeTeam(t.app, "leaver");
      const port = await listening(t);
      const sample = await (
        await fetch(`http://127.0.0.1:${port}/static/retail-banking/sample_submission_c1.csv`)
      ).text();
      await lock.connect();
      await lock.query("begin");
      await lock.query("select pg_advisory_xact_lock(hashtext($1))", [
        `${team.id}:retail-banking/1`,
      ]);
      locked = true;

      const checked = logged("submission checked; intake slot given back");
      const accepted = nextConnection(t);
      client = request({
        port,
        host: "127.0.0.1",
        method: "POST",
        path: "/api/submit",
        headers: { "content-type": "application/json", "x-api-key": team.api_key },
      });
      client.on("error", () => {});
      client.end(
        JSON.stringify({ domain_name: "Retail Banking", task_number: 1, predictions_csv: sample }),
      );
      const serverEnd = await accepted;
      await checked;
      // The client gives up while its submission waits to be stored.
      client.destroy();
      await once(serverEnd, "close");

      const closing = t.app.close().then(() => "closed");
      const waiting = logged("closing: waiting for submissions in hand").then(() => "waiting");
      expect(await Promise.race([closing, waiting])).toBe("waiting");
      await lock.query("commit");
      locked = false;
      expect(await closing).toBe("closed");

      const db = t.database.handle.db;
      const stored = await db.select().from(submissions).where(eq(submissions.teamId, team.id));
      expect(stored).toHaveLength(1);
      // Handed to scoring: the worker (still running) scores it.
      for (;;) {
        const [row] = await db.select().from(submissions).where(eq(submissions.id, stored[0]!.id));
        if (row?.status === "scored") break;
        expect(["queued", "scoring"]).toContain(row?.status);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      client?.destroy();
      if (locked) await lock.query("rollback");
      await lock.end();
      await t.close();
    }
  });

  // Node fails a request whose client leaves mid-body before the body's deadline stream listens
  // to it (the request waited for its team's reading place): that stream never ended, and the
  // close, which waits for every submission in hand, waited for it forever.
  it("is not held by a body whose client left while it waited for its reading place", async () => {
    const { logger, logged } = watchedLogs();
    const t = await buildTestApp({}, { logger });
    const clients: Socket[] = [];
    try {
      const team = await activeTeam(t.app, "half-sent");
      const port = await listening(t);
      // Two uploads of one team, each half sent: the second waits for the first's reading place,
      // which it gets only once its own client has left.
      const halfSent = async () => {
        const accepted = nextConnection(t);
        const client = connect(port, "127.0.0.1");
        client.on("error", () => {});
        clients.push(client);
        client.write(
          "POST /api/submit HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
            `X-API-Key: ${team.api_key}\r\nContent-Length: 100000\r\n\r\n{"domain_name":`,
        );
        return accepted;
      };
      const reading = logged("reading place taken");
      const holderEnd = await halfSent();
      await reading;
      const asked = once(t.app.server, "request");
      const waiterEnd = await halfSent();
      await asked;
      for (const [client, end] of [
        [clients[1]!, waiterEnd],
        [clients[0]!, holderEnd],
      ] as const) {
        const gone = new Promise((resolve) => end.once("close", resolve));
        client.destroy();
        await gone;
      }
      await t.app.close();
    } finally {
      for (const client of clients) client.destroy();
      await t.close();
    }
  });
});
