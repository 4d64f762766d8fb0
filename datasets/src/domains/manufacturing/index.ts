import type { DomainStreams } from "../../random";
import type { DomainFiles } from "../../types";
import { makeShiftRows } from "./delays";
import { manufacturingFiles } from "./files";
import { makeOperatorLogs, productionLogs } from "./logs";
import { makeMachines, serviceSchedule, simulateMachines } from "./machines";
import { makeWindows } from "./maintenance";
import { makeUnits } from "./rework";
import { planShifts } from "./shifts";

export function generateManufacturing(streams: DomainStreams, scale: number): DomainFiles {
  return manufacturingFiles(drawManufacturing(streams, scale));
}

/**
 * Manufacturing: 50 CNC machines on 5 lines running three shifts a day for a year. Hourly machine
 * states drive unplanned stops (challenge 1, observed through 5-minute sensor windows), rework
 * on produced units (challenge 2) and the hours each line-shift runs late (challenge 3). The
 * generating process is in datasets/docs/manufacturing.md. The order of the steps is the order
 * of the draws, which fixes the bytes a seed makes.
 */
export function drawManufacturing({ random, noise }: DomainStreams, scale: number) {
  const weeks = Math.max(8, Math.round(52 * scale));
  const trainWeeks = Math.round(weeks * 0.75);
  const hours = weeks * 7 * 24;
  const testStart = trainWeeks * 7 * 24;
  const shiftCount = Math.floor((hours - 6) / 8);

  const machines = makeMachines(random);
  const schedule = serviceSchedule(random, machines, hours);
  const lineShifts = planShifts(random, shiftCount, schedule);
  simulateMachines(random, noise, machines, lineShifts, hours);

  const windows = makeWindows(random, machines, lineShifts, hours, testStart, shiftCount);
  const units = makeUnits(random, noise, machines, lineShifts, testStart);
  const shifts = makeShiftRows(noise, lineShifts, machines, testStart);
  const operatorLogs = makeOperatorLogs(random, lineShifts, windows.notes);
  return { windows, units, shifts, operatorLogs, production: productionLogs(lineShifts) };
}
export type ManufacturingDraws = ReturnType<typeof drawManufacturing>;
