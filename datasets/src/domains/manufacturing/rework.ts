import { padId, round, sigmoid } from "../../numbers";
import type { Random } from "../../random";
import { type Row, trainTestSplit } from "../../rows";
import { FAMILIES } from "./catalogue";
import { type Machine, stateAt } from "./machines";
import type { LineShift } from "./shifts";

/** Units through final inspection and their rework cost (challenge 2). */
export function makeUnits(
  random: Random,
  noise: Random,
  machines: Machine[],
  lineShifts: LineShift[],
  testStart: number,
) {
  const rows = trainTestSplit();
  let unitSeq = 0;
  for (const shift of lineShifts) {
    // About one unit in six goes through final inspection and gets a rework cost.
    const count = random.poisson(shift.orders.reduce((sum, o) => sum + o.quantity, 0) / 6);
    const lineMachines = machines.filter(
      (m) => m.line === shift.line && !shift.service.includes(m.id),
    );
    for (let u = 0; u < count; u++) {
      const order = random.weighted(
        shift.orders,
        shift.orders.map((o) => o.quantity),
      );
      const family = FAMILIES.find((f) => f.name === order.part_family)!;
      const machine = random.pick(lineMachines);
      // The moment in the shift (unpublished; it only picks the machine state the rework sees),
      // the logit's noise, the rework draw and the cost's spread: the answers' stream.
      const state = stateAt(machine, shift.start + noise.uniform(0, 8));
      const speed = Math.round((family.rpm * Math.exp(0.12 * random.normal())) / 10) * 10;
      const feed = round(random.uniform(0.08, 0.32), 3);
      const coolant = round(7 + 1.2 * random.normal(), 1);
      const setTemp = round(21 + 1.8 * random.normal(), 1);
      const off = Math.log(speed / family.rpm) / 0.12;
      const logit =
        -3.6 +
        0.45 * off * off +
        8 * (feed - 0.2) +
        0.45 * Math.max(0, 6.5 - coolant) +
        0.2 * Math.abs(setTemp - 21) +
        0.8 * state.defect +
        (0.9 * machine.wearRate * state.tau) / 240 +
        0.8 * (shift.trainee ? 1 : 0) +
        machine.quality +
        0.3 * noise.normal();
      const cost = noise.bernoulli(sigmoid(logit))
        ? round(family.cost * Math.exp(0.45 * noise.normal()) * (1 + 0.3 * state.defect), 2)
        : 0;
      const row: Row = [
        padId("U", ++unitSeq, 5),
        machine.id,
        speed,
        feed,
        coolant,
        setTemp,
        shift.id,
        family.name,
      ];
      rows.add(row, cost, shift.start < testStart);
    }
  }
  return rows;
}
