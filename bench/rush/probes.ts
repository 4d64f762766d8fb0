import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { REPO_ROOT } from "../../test/support/processes";

/**
 * The gateway's and workers' pids from /proc, for a start:prod that does not log them (the
 * "before" of a comparison): their command lines, run from this checkout.
 */
function pidsFromProc(): Map<string, number> {
  const found: { name: string; pid: number }[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (`${readlinkSync(`/proc/${pid}/cwd`)}/` !== REPO_ROOT) continue;
      if (cmdline.includes("services/gateway/src/server.ts")) found.push({ name: "gateway", pid });
      else if (cmdline.includes("workers/scoring/src/main.ts")) found.push({ name: "worker", pid });
    } catch {
      // Gone, or not ours to read.
    }
  }
  const names = new Map<string, number>();
  let worker = 0;
  for (const { name, pid } of found.sort((a, b) => a.pid - b.pid)) {
    names.set(name === "worker" ? `worker-${++worker}` : name, pid);
  }
  return names;
}

/** Nearest-rank percentile of `values` (sorted here), `p` in [0, 100]. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/**
 * Reads the organizers' overall leaderboard in `width` loops until stopped, at most `perSecond`
 * reads a second in all (a loop waits out the rest of its interval after a read); keeps every
 * latency. A fixed rate, as pollers read: loops reading as fast as answered would read more the
 * faster the platform answers, and charge that to each file's CPU.
 */
export function leaderboardReader(
  baseUrl: string,
  auth: Record<string, string>,
  { width = 4, perSecond = 100 }: { width?: number; perSecond?: number } = {},
) {
  const latencies: number[] = [];
  let errors = 0;
  let running = true;
  const startedAt = performance.now();
  const intervalMs = (1000 * width) / perSecond;
  const loops = Array.from({ length: width }, async (_, i) => {
    // The loops start spread over one interval.
    await new Promise((resolve) => setTimeout(resolve, (intervalMs * i) / width));
    let next = performance.now();
    while (running) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      next = Math.max(next + intervalMs, performance.now());
      if (!running) break;
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api/leaderboard`, { headers: auth });
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - started);
        else errors += 1;
      } catch {
        errors += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      const seconds = (performance.now() - startedAt) / 1000;
      return { latencies, errors, perSecond: latencies.length / seconds };
    },
  };
}

/**
 * The resident memory of each process start:prod runs (their pids from its "started (pid N)"
 * lines; a restarted worker gets a new one), sampled every `everyMs`; keeps each name's peak,
 * including the kernel's own high-water mark (VmHWM) of each pid seen.
 */
export function memorySampler(output: () => string, everyMs = 500) {
  const peaksMb = new Map<string, number>();
  const pids = new Map<string, number>();
  const readKb = (pid: number, field: "VmRSS" | "VmHWM"): number | null => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const match = status.match(new RegExp(`${field}:\\s+(\\d+) kB`));
      return match ? Number(match[1]) : null;
    } catch {
      return null;
    }
  };
  const sample = () => {
    for (const match of output().matchAll(/(gateway|worker-\d+) started \(pid (\d+)\)/g)) {
      pids.set(match[1]!, Number(match[2]));
    }
    if (pids.size === 0) for (const [name, pid] of pidsFromProc()) pids.set(name, pid);
    for (const [name, pid] of pids) {
      const kb = Math.max(readKb(pid, "VmRSS") ?? 0, readKb(pid, "VmHWM") ?? 0);
      peaksMb.set(name, Math.max(peaksMb.get(name) ?? 0, kb / 1024));
    }
  };
  const timer = setInterval(sample, everyMs);
  sample();
  return {
    pid: (name: string) => {
      sample();
      return pids.get(name);
    },
    stop() {
      sample();
      clearInterval(timer);
      return peaksMb;
    },
  };
}

/** CPU time (ms) the processes `pids` have used so far, all their threads (/proc, 10 ms ticks). */
/** Every running process whose command name is `comm` (e.g. Postgres's backends). */
export function pidsNamed(comm: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === comm) found.push(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

export function cpuMsOf(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone (restarted): its time is not counted.
    }
  }
  return ticks * 10;
}
