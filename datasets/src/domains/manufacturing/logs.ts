import { padId } from "../../numbers";
import type { Random } from "../../random";
import { ABSENCE_NOTES, HANDOVER_NOTES, TRAINEE_NOTES } from "./catalogue";
import { iso } from "./clock";
import type { MachineNote } from "./maintenance";
import { type LineShift, lineId } from "./shifts";

/** The operators' log: handover notes per shift and the machine notes of the observed windows. */
export function makeOperatorLogs(
  random: Random,
  lineShifts: LineShift[],
  machineNotes: MachineNote[],
) {
  const operator = (line: number) => padId("OP", line * 12 + random.int(1, 12), 3);
  const entries: { hour: number; shift: LineShift; machine: string | null; note: string }[] = [];
  for (const shift of lineShifts) {
    const handover = shift.start - random.uniform(0.1, 0.3);
    if (shift.absent > 0 && random.bernoulli(0.8)) {
      const note = random.pick(ABSENCE_NOTES).replace("{k}", String(shift.absent));
      entries.push({ hour: handover, shift, machine: null, note });
    }
    if (shift.trainee && random.bernoulli(0.8)) {
      const note = random.pick(TRAINEE_NOTES).replace("{op}", operator(shift.line));
      entries.push({ hour: handover, shift, machine: null, note });
    }
    if (random.bernoulli(0.2)) {
      const time = `${String(((shift.start % 24) + 3) % 24).padStart(2, "0")}:00`;
      const note = random.pick(HANDOVER_NOTES).replace("{t}", time);
      entries.push({ hour: handover, shift, machine: null, note });
    }
  }
  for (const n of machineNotes)
    entries.push({
      hour: n.hour,
      shift: n.shift,
      machine: n.machine,
      note: n.note.replace("{m}", n.machine),
    });
  entries.sort((a, b) => a.hour - b.hour);
  return entries.map((e, i) => ({
    log_id: padId("OL", i + 1, 6),
    timestamp: iso(e.hour).replace(/:\d\dZ$/, ":00Z"),
    shift_id: e.shift.id,
    line_id: lineId(e.shift.line),
    machine_id: e.machine,
    operator_id: operator(e.shift.line),
    note: e.note,
  }));
}

/** The production log: each line-shift's plan as the planners published it. */
export const productionLogs = (lineShifts: LineShift[]) =>
  lineShifts.map((s) => ({
    shift_id: s.id,
    line_id: lineId(s.line),
    shift_start: iso(s.start),
    material_status: s.material,
    planned_service: s.service,
    orders: s.orders,
  }));
