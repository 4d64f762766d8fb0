import { padId } from "../../numbers";
import type { Random } from "../../random";
import { LINES, MACHINES_PER_LINE } from "./catalogue";
import type { LineShift } from "./shifts";

/** The 50 CNC machines: their planned services and, hour by hour, their hidden state. */
export interface Machine {
  id: string;
  line: number;
  /** Hours since the last planned service, defect severity and coolant trouble, per hour. */
  tau: Float32Array;
  defect: Float32Array;
  coolantLow: Uint8Array;
  /** Unplanned stops and planned services as [start, end) hours. */
  failures: [number, number][];
  services: [number, number][];
  /** Machine-to-machine differences (hidden). */
  wearRate: number;
  frailty: number;
  quality: number;
}

export function makeMachines(random: Random): Machine[] {
  return Array.from({ length: LINES * MACHINES_PER_LINE }, (_, i) => ({
    id: padId("MCH_", i + 1, 3),
    line: Math.floor(i / MACHINES_PER_LINE),
    tau: new Float32Array(0),
    defect: new Float32Array(0),
    coolantLow: new Uint8Array(0),
    failures: [],
    services: [],
    wearRate: random.uniform(0.6, 1.6),
    frailty: 0.3 * random.normal(),
    quality: 0.25 * random.normal(),
  }));
}

/** Planned services: every 9-12 days per machine, 06:00-10:00 (in the Day shift). */
export function serviceSchedule(random: Random, machines: Machine[], hours: number) {
  const inService = new Map<string, string[]>(); // `${line}|${day}` → machine ids
  for (const machine of machines) {
    const interval = random.int(9, 12);
    for (let day = random.int(0, interval - 1); day * 24 < hours; day += interval) {
      machine.services.push([day * 24 + 6, day * 24 + 10]);
      const key = `${machine.line}|${day}`;
      inService.set(key, [...(inService.get(key) ?? []), machine.id]);
    }
  }
  return inService;
}

/**
 * Hour by hour per machine: wear since the last service, a bearing defect that may start and
 * then grows, coolant trouble, and unplanned stops whose hazard rises with all three and load.
 */
export function simulateMachines(
  random: Random,
  noise: Random,
  machines: Machine[],
  lineShifts: LineShift[],
  hours: number,
) {
  const utilisation = (line: number, hour: number) => {
    const j = Math.floor((hour - 6) / 8);
    return j < 0
      ? 0.7
      : (lineShifts[Math.min(j, lineShifts.length / LINES - 1) * LINES + line]?.utilisation ?? 0.7);
  };
  for (const machine of machines) {
    machine.tau = new Float32Array(hours);
    machine.defect = new Float32Array(hours);
    machine.coolantLow = new Uint8Array(hours);
    const growth = random.uniform(40, 100);
    let lastService = machine.services[0]![1] - random.int(9, 12) * 24;
    let serviceIndex = 0;
    let onset = -1;
    let coolantUntil = -1;
    let downUntil = -1;
    for (let h = 0; h < hours; h++) {
      const service = machine.services[serviceIndex];
      if (service && h >= service[1]) {
        lastService = service[1];
        onset = -1;
        serviceIndex++;
      }
      const inService = service !== undefined && h >= service[0] && h < service[1];
      const tau = h - lastService;
      if (onset < 0 && random.bernoulli(0.0025 * (1 + tau / 120))) onset = h;
      const defect = onset < 0 ? 0 : Math.min(3, (h - onset) / growth);
      if (coolantUntil < h && random.bernoulli(1 / 500)) coolantUntil = h + random.int(12, 60);
      const coolantLow = coolantUntil >= h ? 1 : 0;
      machine.tau[h] = tau;
      machine.defect[h] = defect;
      machine.coolantLow[h] = coolantLow;
      if (inService || h < downUntil) continue;
      const load = 5 + 75 * utilisation(machine.line, h);
      const rate = Math.exp(
        -6.3 +
          1.2 * defect +
          0.8 * coolantLow +
          0.02 * (load - 60) +
          (0.3 * machine.wearRate * tau) / 240 +
          machine.frailty,
      );
      // Whether, when and how long a stop happens is noise beyond the machine's state: the
      // answers' stream. Readings and notes drawn from a stop stay on the public one.
      if (noise.bernoulli(1 - Math.exp(-rate))) {
        const start = h + noise.next();
        const end = start + noise.uniform(1, 4);
        machine.failures.push([start, end]);
        downUntil = end;
      }
    }
  }
}

/** A machine's state in the hour that contains `hour`. */
export function stateAt(machine: Machine, hour: number) {
  const h = Math.min(machine.tau.length - 1, Math.max(0, Math.floor(hour)));
  return { tau: machine.tau[h]!, defect: machine.defect[h]!, coolantLow: machine.coolantLow[h]! };
}
