import { spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import {
  type BackoffPolicy,
  type Clock,
  restartDelay,
  type SupervisedProcess,
  Supervisor,
} from "../scripts/supervisor";

/** A child that exits when the test says so, recording the signals it was sent. */
class FakeChild extends EventEmitter implements SupervisedProcess {
  static nextPid = 1000;
  readonly pid = FakeChild.nextPid++;
  readonly signals: NodeJS.Signals[] = [];
  kill(signal: NodeJS.Signals): boolean {
    this.signals.push(signal);
    return true;
  }
  exit(code: number | null, signal: NodeJS.Signals | null = null): void {
    this.emit("exit", code, signal);
  }
}

/** Time that moves only when the test advances it. */
class ManualClock implements Clock {
  private time = 0;
  private timers = new Map<number, { at: number; run: () => void }>();
  private nextId = 1;
  now(): number {
    return this.time;
  }
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  pending(): number[] {
    return [...this.timers.values()].map((timer) => timer.at - this.time);
  }
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, timer]) => timer.at <= until)
        .sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].run();
    }
    this.time = until;
  }
}

const POLICY: BackoffPolicy = { initialMs: 1000, maxMs: 30_000, stableMs: 60_000 };

function setup() {
  const clock = new ManualClock();
  const lines: string[] = [];
  const supervisor = new Supervisor({ log: (line) => lines.push(line), policy: POLICY, clock });
  const spawned = new Map<string, FakeChild[]>();
  const add = (name: string) =>
    supervisor.add(name, () => {
      const child = new FakeChild();
      spawned.set(name, [...(spawned.get(name) ?? []), child]);
      return child;
    });
  const latest = (name: string) => spawned.get(name)!.at(-1)!;
  return { clock, lines, supervisor, spawned, add, latest };
}

describe("restartDelay", () => {
  it("doubles from one second and stops at thirty", () => {
    expect(Array.from({ length: 8 }, (_, failures) => restartDelay(failures, POLICY))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe("Supervisor", () => {
  it("logs each child's pid when it starts", () => {
    const { add, lines, latest } = setup();
    add("gateway");
    add("worker-1");
    expect(lines).toEqual([
      `gateway started (pid ${latest("gateway").pid})`,
      `worker-1 started (pid ${latest("worker-1").pid})`,
    ]);
  });

  it("restarts a crashed child with growing delays while the others keep running", () => {
    const { add, clock, lines, spawned, latest } = setup();
    add("gateway");
    add("worker-1");
    add("worker-2");
    const gateway = latest("gateway");
    const other = latest("worker-2");

    latest("worker-1").exit(null, "SIGKILL");
    expect(lines.at(-1)).toBe("worker-1 exited (SIGKILL); restarting in 1 s (restart 1)");
    clock.advance(999);
    expect(spawned.get("worker-1")).toHaveLength(1);
    clock.advance(1);
    expect(spawned.get("worker-1")).toHaveLength(2);
    expect(lines.at(-1)).toBe(`worker-1 started (pid ${latest("worker-1").pid})`);

    latest("worker-1").exit(1);
    expect(lines.at(-1)).toBe("worker-1 exited (code 1); restarting in 2 s (restart 2)");
    clock.advance(2000);
    latest("worker-1").exit(1);
    expect(lines.at(-1)).toBe("worker-1 exited (code 1); restarting in 4 s (restart 3)");
    clock.advance(4000);
    expect(spawned.get("worker-1")).toHaveLength(4);

    expect(spawned.get("gateway")).toEqual([gateway]);
    expect(spawned.get("worker-2")).toEqual([other]);
    expect(gateway.signals).toEqual([]);
    expect(other.signals).toEqual([]);
  });

  it("restarts a crashed gateway too", () => {
    const { add, clock, spawned, latest } = setup();
    add("gateway");
    latest("gateway").exit(1);
    clock.advance(1000);
    expect(spawned.get("gateway")).toHaveLength(2);
  });

  it("caps the delay at thirty seconds for a child that keeps crashing", () => {
    const { add, clock, lines, latest } = setup();
    add("worker-1");
    for (let i = 0; i < 7; i++) {
      latest("worker-1").exit(1);
      clock.advance(clock.pending()[0]!);
    }
    expect(lines.filter((line) => line.includes("restarting"))).toEqual(
      [1, 2, 4, 8, 16, 30, 30].map(
        (s, i) => `worker-1 exited (code 1); restarting in ${s} s (restart ${i + 1})`,
      ),
    );
  });

  it("starts the delays over once a child has stayed up for the stable time", () => {
    const { add, clock, lines, latest } = setup();
    add("worker-1");
    for (let i = 0; i < 3; i++) {
      latest("worker-1").exit(1);
      clock.advance(clock.pending()[0]!);
    }
    expect(clock.pending()).toEqual([]);
    clock.advance(59_999);
    latest("worker-1").exit(1);
    expect(lines.at(-1)).toContain("restarting in 8 s (restart 4)");
    clock.advance(8000);
    clock.advance(60_000);
    latest("worker-1").exit(1);
    expect(lines.at(-1)).toContain("restarting in 1 s (restart 5)");
  });

  it("does not restart the children it was asked to stop, and gives their highest code", async () => {
    const { add, supervisor, spawned, latest, lines } = setup();
    add("gateway");
    add("worker-1");
    const stopped = supervisor.stop("SIGINT");
    expect(latest("gateway").signals).toEqual(["SIGINT"]);
    expect(latest("worker-1").signals).toEqual(["SIGINT"]);
    // A second signal is not forwarded: close-with-grace would exit at once on it.
    expect(supervisor.stop("SIGINT")).toBe(stopped);
    expect(latest("gateway").signals).toEqual(["SIGINT"]);

    latest("gateway").exit(0);
    latest("worker-1").exit(3);
    await expect(stopped).resolves.toBe(3);
    expect(spawned.get("gateway")).toHaveLength(1);
    expect(spawned.get("worker-1")).toHaveLength(1);
    expect(lines.slice(-2)).toEqual(["gateway exited (code 0)", "worker-1 exited (code 3)"]);
  });

  it("cancels a pending restart when stopped", async () => {
    const { add, supervisor, clock, spawned, latest } = setup();
    add("gateway");
    add("worker-1");
    latest("worker-1").exit(null, "SIGKILL");
    const stopped = supervisor.stop("SIGTERM");
    latest("gateway").exit(0);
    await expect(stopped).resolves.toBe(0);
    clock.advance(60_000);
    expect(spawned.get("worker-1")).toHaveLength(1);
  });

  it("counts a child ended by the stop signal itself as stopped, and by another as failed", async () => {
    const { add, supervisor, latest } = setup();
    add("starting");
    add("crashing");
    const stopped = supervisor.stop("SIGTERM");
    // Still booting, without a handler: the signal ends it.
    latest("starting").exit(null, "SIGTERM");
    expect(await Promise.race([stopped, "pending"])).toBe("pending");
    latest("crashing").exit(null, "SIGSEGV");
    await expect(stopped).resolves.toBe(1);
  });

  it("gives 0 when every child stops on the signal it was sent", async () => {
    const { add, supervisor, latest } = setup();
    add("worker-1");
    const stopped = supervisor.stop("SIGINT");
    latest("worker-1").exit(null, "SIGINT");
    await expect(stopped).resolves.toBe(0);
  });

  it("SIGKILLs the running children for the exit handler", () => {
    const { add, latest, supervisor } = setup();
    add("gateway");
    add("worker-1");
    latest("worker-1").exit(1);
    supervisor.killAll();
    expect(latest("gateway").signals).toEqual(["SIGKILL"]);
    expect(latest("worker-1").signals).toEqual([]);
  });

  it("restarts a real process that was SIGKILLed, with a new pid", async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor({
      log: (line) => lines.push(line),
      policy: { initialMs: 10, maxMs: 10, stableMs: 60_000 },
    });
    const pids: number[] = [];
    supervisor.add("sleeper", () => {
      const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], {
        stdio: "ignore",
      });
      pids.push(child.pid!);
      return child;
    });
    try {
      process.kill(pids[0]!, "SIGKILL");
      await expect.poll(() => pids.length).toBe(2);
      expect(pids[1]).not.toBe(pids[0]);
      expect(lines).toContain("sleeper exited (SIGKILL); restarting in 0.01 s (restart 1)");
      expect(lines.at(-1)).toBe(`sleeper started (pid ${pids[1]})`);
    } finally {
      await expect(supervisor.stop("SIGTERM")).resolves.toBe(0);
    }
    expect(pids).toHaveLength(2);
  });
});
