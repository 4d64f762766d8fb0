import { round } from "../../numbers";
import type { Random } from "../../random";
import { type Row, trainTestSplit } from "../../rows";
import { LINES, SHIFTS } from "./catalogue";
import { iso } from "./clock";
import type { Machine } from "./machines";
import { type LineShift, lineId } from "./shifts";

/** The line-shifts' planned workload and the hours each runs late (challenge 3). */
export function makeShiftRows(
  noise: Random,
  lineShifts: LineShift[],
  machines: Machine[],
  testStart: number,
) {
  const rows = trainTestSplit();
  // Hours of unplanned stops per line-shift (a stop may run into the next shift).
  const downtime = new Float64Array(lineShifts.length);
  for (const machine of machines) {
    for (const [s, e] of machine.failures) {
      for (let j = Math.max(0, Math.floor((s - 6) / 8)); 6 + 8 * j < e; j++) {
        const index = j * LINES + machine.line;
        if (index >= lineShifts.length) break;
        downtime[index]! += Math.max(0, Math.min(e, 14 + 8 * j) - Math.max(s, 6 + 8 * j));
      }
    }
  }
  for (const [i, shift] of lineShifts.entries()) {
    const present = shift.operatorsScheduled - shift.absent;
    const crew = (present / shift.operatorsScheduled) ** 0.6 * (shift.trainee ? 0.9 : 1);
    const capacity = shift.machinesAvailable * 8 * 0.95 * crew;
    const overrun = Math.max(0, 8 * (shift.requiredHours / capacity - 1));
    const rush = shift.orders.filter((o) => o.priority === "rush").length;
    // The hours material costs (its status is published) and the noise term: the answers' stream.
    const material =
      shift.material === "late"
        ? noise.uniform(0.5, 2)
        : shift.material === "partial"
          ? noise.uniform(0.2, 1)
          : 0;
    const delay = Math.max(
      0,
      round(
        overrun +
          0.2 * (shift.orders.length - 1) +
          0.3 * rush +
          material +
          0.35 * downtime[i]! +
          0.3 * noise.normal(),
        2,
      ),
    );
    const row: Row = [
      shift.id,
      lineId(shift.line),
      iso(Math.floor(shift.start / 24) * 24).slice(0, 10),
      SHIFTS[shift.index % 3]!.name,
      shift.orders.reduce((sum, o) => sum + o.quantity, 0),
      shift.machinesAvailable,
      shift.operatorsScheduled,
      shift.orders.length - 1,
      rush,
    ];
    rows.add(row, delay, shift.start < testStart);
  }
  return rows;
}
