import { afterEach, describe, expect, it } from "vitest";
import { type RunningProcess, startProcess, waitForOutput } from "../../../test/support/processes";
import { REPEAT_WINDOW_MS } from "../src/shutdown";

// Ctrl-C on `npm start` can reach the server twice (the terminal signals the process group and
// a parent forwards it): the repeat must not cut the graceful close short.
let proc: RunningProcess | undefined;
afterEach(async () => {
  await proc?.stop("SIGKILL");
  proc = undefined;
});

async function started(closeMs: number): Promise<RunningProcess> {
  proc = startProcess("services/embedded/test/fixtures/slow-close.ts", {}, [String(closeMs)]);
  await waitForOutput(proc, /"msg":"ready"/);
  return proc;
}

function exitOf(running: RunningProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (running.child.exitCode !== null) resolve(running.child.exitCode);
    else running.child.once("exit", (code) => resolve(code));
  });
}

describe("stopping on a signal", () => {
  it("closes gracefully once when the same signal arrives twice at once", async () => {
    const running = await started(1_500);
    running.child.kill("SIGINT");
    await waitForOutput(running, /"msg":"stopping"/);
    running.child.kill("SIGINT");
    expect(await exitOf(running)).toBe(0);
    expect(running.output().match(/"msg":"stopping"/g)).toHaveLength(1);
    expect(running.output()).toContain('"msg":"stopped"');
  });

  it("still lets a second Ctrl-C, pressed later, end a slow close at once", async () => {
    const running = await started(60_000);
    running.child.kill("SIGTERM");
    await waitForOutput(running, /"msg":"stopping"/);
    await new Promise((resolve) => setTimeout(resolve, REPEAT_WINDOW_MS + 200));
    running.child.kill("SIGINT");
    expect(await exitOf(running)).toBe(1);
    expect(running.output()).toContain("exiting without waiting");
    expect(running.output()).not.toContain('"msg":"stopped"');
  });
});
