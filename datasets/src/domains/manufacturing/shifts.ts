import { clamp, padId } from "../../numbers";
import type { Random } from "../../random";
import {
  FAMILIES,
  type Family,
  LINES,
  MACHINES_PER_LINE,
  MATERIAL_STATUS,
  SHIFTS,
  STANDARD_HOURS,
} from "./catalogue";

export interface Order {
  order_id: string;
  part_family: Family["name"];
  quantity: number;
  priority: "rush" | "normal";
}

/** One line in one shift: the plan (public) and what really happened to the crew (hidden). */
export interface LineShift {
  id: string;
  index: number;
  line: number;
  start: number;
  machinesAvailable: number;
  service: string[];
  operatorsScheduled: number;
  absent: number;
  trainee: boolean;
  material: (typeof MATERIAL_STATUS)[number];
  orders: Order[];
  requiredHours: number;
  utilisation: number;
}

export const lineId = (line: number) => `LINE_${line + 1}`;

/** Three shifts a day on every line: staff, machines out for service, and the orders to make. */
export function planShifts(random: Random, shiftCount: number, inService: Map<string, string[]>) {
  let orderSeq = 0;
  const lineShifts: LineShift[] = [];
  for (let j = 0; j < shiftCount; j++) {
    const day = Math.floor(j / 3);
    const slot = SHIFTS[j % 3]!;
    for (let line = 0; line < LINES; line++) {
      const service = slot.name === "Day" ? (inService.get(`${line}|${day}`) ?? []) : [];
      const machinesAvailable = MACHINES_PER_LINE - service.length;
      const operatorsScheduled = slot.staff + random.int(-1, 1);
      // Planners fill the shift at the standard 2.5 machine-hours per unit.
      const target = Math.round(
        ((machinesAvailable * 8) / STANDARD_HOURS) * random.uniform(0.65, 1.25),
      );
      const orderCount = random.int(1, slot.name === "Night" ? 3 : 5);
      const weights = Array.from({ length: orderCount }, () => random.uniform(0.5, 1.5));
      const total = weights.reduce((a, b) => a + b, 0);
      const orders: Order[] = weights.map((w) => ({
        order_id: padId("WO", ++orderSeq, 6),
        part_family: random.pick(FAMILIES).name,
        quantity: Math.max(1, Math.round((target * w) / total)),
        priority: random.bernoulli(0.15) ? "rush" : "normal",
      }));
      const requiredHours = orders.reduce(
        (sum, o) => sum + o.quantity * FAMILIES.find((f) => f.name === o.part_family)!.hours,
        0,
      );
      lineShifts.push({
        id: padId("SH", lineShifts.length + 1, 5),
        index: j,
        line,
        start: day * 24 + slot.start,
        machinesAvailable,
        service,
        operatorsScheduled,
        absent: random.bernoulli(0.12) ? random.weighted([1, 2], [3, 1]) : 0,
        trainee: random.bernoulli(0.15),
        material: random.weighted(MATERIAL_STATUS, [80, 12, 8]),
        orders,
        requiredHours,
        utilisation: clamp(requiredHours / (machinesAvailable * 8), 0.3, 0.97),
      });
    }
  }
  return lineShifts;
}
