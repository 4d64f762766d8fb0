import { clamp, padId, round } from "../../numbers";
import type { Random } from "../../random";
import { type Row, trainTestSplit } from "../../rows";
import {
  COOLANT_NOTES,
  LINES,
  READINGS_PER_SHIFT,
  ROUTINE_MACHINE_NOTES,
  STOP_NOTES,
  SYMPTOM_NOTES,
  WINDOW_SPACING,
} from "./catalogue";
import { iso, isoMinute } from "./clock";
import { type Machine, stateAt } from "./machines";
import type { LineShift } from "./shifts";

/** A machine note written during an observed shift. */
export interface MachineNote {
  hour: number;
  shift: LineShift;
  machine: string;
  note: string;
}

const within = (intervals: [number, number][], hour: number) =>
  intervals.some(([start, end]) => hour >= start && hour < end);

/**
 * Maintenance windows (challenge 1): one shift of a machine, its 5-minute sensor readings and
 * whether it stops unplanned in the 24 hours after; and what the operators wrote about it.
 */
export function makeWindows(
  random: Random,
  machines: Machine[],
  lineShifts: LineShift[],
  hours: number,
  testStart: number,
  shiftCount: number,
) {
  const rows = trainTestSplit();
  const readingsTrain: string[] = [];
  const readingsTest: string[] = [];
  const notes: MachineNote[] = [];
  const pending: { machine: Machine; shift: LineShift }[] = [];
  for (const machine of machines) {
    for (let j = random.int(0, WINDOW_SPACING - 1); j < shiftCount; j += WINDOW_SPACING) {
      pending.push({ machine, shift: lineShifts[j * LINES + machine.line]! });
    }
  }
  // Window ids follow time, then machine.
  pending.sort((a, b) => a.shift.start - b.shift.start || a.machine.id.localeCompare(b.machine.id));
  let windowSeq = 0;
  for (const { machine, shift } of pending) {
    const start = shift.start;
    const cut = start + 8;
    const isTrain = cut + 24 <= testStart;
    if (!isTrain && (start < testStart || cut + 24 > hours)) continue;
    const label = machine.failures.some(([s]) => s > cut && s <= cut + 24) ? 1 : 0;
    const stops = [...machine.failures, ...machine.services].filter(
      ([s, e]) => e > start && s < cut,
    );

    // Five-minute readings over the shift: the machine alternates cutting and idling as the
    // line's utilisation allows; stops and services read as zero load.
    const lines: string[] = [];
    const sums = [0, 0, 0, 0];
    // The job on the machine sets its load, and its fixture and tooling its vibration level;
    // the shop's temperature moves the spindle's.
    const jobLoad = random.uniform(55, 85);
    const jobVibration = 0.3 * random.normal();
    const ambient = 1.5 * random.normal();
    let cutting = random.bernoulli(shift.utilisation);
    let temp = 24 + ambient + 0.2 * (cutting ? jobLoad : 5);
    for (let k = 0; k < READINGS_PER_SHIFT; k++) {
      const hour = start + k / 12;
      const state = stateAt(machine, hour);
      const down = within(stops, hour);
      if (random.bernoulli(cutting ? (1 - shift.utilisation) / 6 : shift.utilisation / 6))
        cutting = !cutting;
      const load = down
        ? 0
        : cutting
          ? clamp(jobLoad + 4 * random.normal(), 20, 100)
          : random.uniform(3, 8);
      // A bearing defect shows as short impacts in the vibration, more as it grows.
      const spike =
        !down && cutting && random.bernoulli(0.01 + 0.08 * Math.min(state.defect, 2))
          ? random.uniform(1.2, 2.5)
          : 0;
      const vibration = down
        ? Math.abs(0.05 * random.normal())
        : Math.max(
            0,
            0.8 +
              jobVibration +
              0.012 * load +
              (0.15 * machine.wearRate * state.tau) / 240 +
              0.08 * state.defect +
              spike +
              0.1 * random.normal(),
          );
      const target = 24 + ambient + 0.2 * load + 0.8 * state.defect + 5 * state.coolantLow;
      temp += 0.25 * (target - temp) + 0.3 * random.normal();
      const flow = down
        ? 0
        : state.coolantLow
          ? 7 + 0.6 * random.normal()
          : 12 + 0.4 * random.normal();
      const v = round(vibration, 2);
      const t = round(temp, 1);
      const l = round(load, 1);
      const f = round(Math.max(0, flow), 1);
      sums[0]! += v;
      sums[1]! += t;
      sums[2]! += l;
      sums[3]! += f;
      // Written as CSV lines directly: these files have hundreds of thousands of rows.
      lines.push(`${isoMinute(hour)},${machine.id},${v},${t},${l},${f}`);
    }
    const column = (c: number) => round(sums[c]! / READINGS_PER_SHIFT, 3);
    const id = padId("W", ++windowSeq, 5);
    const row: Row = [
      id,
      machine.id,
      shift.id,
      iso(start),
      iso(cut),
      Math.round(stateAt(machine, cut - 0.01).tau),
      column(0),
      column(1),
      column(2),
      column(3),
    ];
    rows.add(row, label, isTrain);
    (isTrain ? readingsTrain : readingsTest).push(...lines);

    // What the operators wrote about this machine during the shift.
    const mid = stateAt(machine, start + 4);
    const at = () => start + random.uniform(0.2, 7.8);
    const note = (templates: readonly string[]) =>
      notes.push({ hour: at(), shift, machine: machine.id, note: random.pick(templates) });
    if (mid.defect > 0.4 && random.bernoulli(Math.min(0.8, 0.35 * mid.defect))) note(SYMPTOM_NOTES);
    if (mid.coolantLow && random.bernoulli(0.6)) note(COOLANT_NOTES);
    if (machine.failures.some(([s]) => s >= start && s < cut) && random.bernoulli(0.9))
      note(STOP_NOTES);
    if (random.bernoulli(0.15)) note(ROUTINE_MACHINE_NOTES);
  }
  return { ...rows, readingsTrain, readingsTest, notes };
}
