import { findDomain } from "@tandem/competition";
import { toCsv } from "../csv-writer";
import { describeDomain } from "../description";
import { baselineNotebook } from "../notebook";
import { type DomainStreams, padId, type Random, round, sigmoid } from "../random";
import type { DomainFiles } from "../types";

const manufacturing = findDomain("manufacturing")!;

const START = Date.UTC(2024, 0, 1);
const LINES = 5;
const MACHINES_PER_LINE = 10;
const SHIFTS = [
  { name: "Day", start: 6, staff: 7 },
  { name: "Swing", start: 14, staff: 6 },
  { name: "Night", start: 22, staff: 5 },
] as const;
/** The planners schedule every unit at this many machine-hours; the real figure depends on the part. */
const STANDARD_HOURS = 2.5;
/** Windows of one machine are this many shifts apart, so no window sees another's 24-hour horizon. */
const WINDOW_SPACING = 15;
const READINGS_PER_SHIFT = 96;

/** Part families: machine-hours per unit, the spindle speed they should run at, rework cost. */
const FAMILIES = [
  { name: "bracket", hours: 1.9, rpm: 3200, cost: 60 },
  { name: "flange", hours: 2.2, rpm: 2400, cost: 90 },
  { name: "shaft", hours: 2.5, rpm: 1800, cost: 150 },
  { name: "gear_blank", hours: 2.6, rpm: 1500, cost: 180 },
  { name: "housing", hours: 2.9, rpm: 1200, cost: 220 },
  { name: "manifold", hours: 3.3, rpm: 900, cost: 350 },
] as const;
type Family = (typeof FAMILIES)[number];
const MATERIAL_STATUS = ["on_time", "late", "partial"] as const;

interface Order {
  order_id: string;
  part_family: Family["name"];
  quantity: number;
  priority: "rush" | "normal";
}

/** One line in one shift: the plan (public) and what really happened to the crew (hidden). */
interface LineShift {
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

interface Machine {
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

type Row = (string | number)[];

const iso = (hour: number) =>
  new Date(START + Math.round(hour * 60) * 60_000).toISOString().replace(".000Z", "Z");
const DATES: string[] = [];
/** `iso` for whole minutes, without a Date per call (the sensor files have hundreds of thousands). */
const isoMinute = (hour: number) => {
  const minutes = Math.round(hour * 60);
  const day = Math.floor(minutes / 1440);
  DATES[day] ??= iso(day * 24).slice(0, 11);
  const hh = Math.floor((minutes % 1440) / 60);
  const mm = minutes % 60;
  return `${DATES[day]}${hh < 10 ? "0" : ""}${hh}:${mm < 10 ? "0" : ""}${mm}:00Z`;
};
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/**
 * Manufacturing: 50 CNC machines on 5 lines running three shifts a day for a year. Hourly machine
 * states drive unplanned stops (challenge 1, observed through 5-minute sensor windows), rework
 * on produced units (challenge 2) and the hours each line-shift runs late (challenge 3). The
 * generating process is in datasets/docs/manufacturing.md.
 */
export function generateManufacturing(
  { random, noise }: DomainStreams,
  scale: number,
): DomainFiles {
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

  const productionLogs = lineShifts.map((s) => ({
    shift_id: s.id,
    line_id: lineId(s.line),
    shift_start: iso(s.start),
    material_status: s.material,
    planned_service: s.service,
    orders: s.orders,
  }));

  const meanCost = mean(units.train.map((row) => Number(row.at(-1)))).toFixed(2);
  const meanDelay = mean(shifts.train.map((row) => Number(row.at(-1)))).toFixed(2);
  const positiveShare = mean(windows.train.map((row) => Number(row.at(-1))));

  const files: Record<string, string> = {
    "maintenance_windows_train.csv": toCsv([...WINDOW_HEADER, "failure_within_24h"], windows.train),
    "maintenance_windows_test.csv": toCsv(WINDOW_HEADER, windows.test),
    "sensor_readings_train.csv": [READING_HEADER.join(","), ...windows.readingsTrain, ""].join(
      "\n",
    ),
    "sensor_readings_test.csv": [READING_HEADER.join(","), ...windows.readingsTest, ""].join("\n"),
    "batches_train.csv": toCsv([...UNIT_HEADER, "ReworkCostUSD"], units.train),
    "batches_test.csv": toCsv(UNIT_HEADER, units.test),
    "shift_workload_train.csv": toCsv([...SHIFT_HEADER, "hours_delayed"], shifts.train),
    "shift_workload_test.csv": toCsv(SHIFT_HEADER, shifts.test),
    "operator_logs.json": `${JSON.stringify(operatorLogs)}\n`,
    "production_logs.json": `${JSON.stringify(productionLogs)}\n`,
    "sample_submission_c1.csv": toCsv(
      ["window_id", "failure_within_24h"],
      windows.test.map((row) => [row[0]!, positiveShare >= 0.5 ? 1 : 0]),
    ),
    "sample_submission_c2.csv": toCsv(
      ["unit_id", "ReworkCostUSD"],
      units.test.map((row) => [row[0]!, meanCost]),
    ),
    "sample_submission_c3.csv": toCsv(
      ["shift_id", "hours_delayed"],
      shifts.test.map((row) => [row[0]!, meanDelay]),
    ),
    "description.md": describeDomain(manufacturing),
    ...notebooks(),
  };

  return {
    slug: "manufacturing",
    files,
    answers: {
      "manufacturing/1": {
        csv: toCsv(
          ["window_id", "failure_within_24h"],
          windows.test.map((row, i) => [row[0]!, windows.answers[i]!]),
        ),
        rowCount: windows.test.length,
      },
      "manufacturing/2": {
        csv: toCsv(
          ["unit_id", "ReworkCostUSD"],
          units.test.map((row, i) => [row[0]!, units.answers[i]!]),
        ),
        rowCount: units.test.length,
      },
      "manufacturing/3": {
        csv: toCsv(
          ["shift_id", "hours_delayed"],
          shifts.test.map((row, i) => [row[0]!, shifts.answers[i]!]),
        ),
        rowCount: shifts.test.length,
      },
    },
  };
}

const lineId = (line: number) => `LINE_${line + 1}`;

function makeMachines(random: Random): Machine[] {
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
function serviceSchedule(random: Random, machines: Machine[], hours: number) {
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

function planShifts(random: Random, shiftCount: number, inService: Map<string, string[]>) {
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

/**
 * Hour by hour per machine: wear since the last service, a bearing defect that may start and
 * then grows, coolant trouble, and unplanned stops whose hazard rises with all three and load.
 */
function simulateMachines(
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

// ---------------------------------------------------------------------------------------------
// Challenge 1: maintenance windows and their 5-minute sensor readings.

const WINDOW_HEADER = [
  "window_id",
  "machine_id",
  "shift_id",
  "window_start",
  "window_end",
  "hours_since_service",
  "vibration_mean",
  "spindle_temp_mean",
  "spindle_load_mean",
  "coolant_flow_mean",
];
const READING_HEADER = [
  "timestamp",
  "machine_id",
  "vibration_mm_s",
  "spindle_temp_c",
  "spindle_load_pct",
  "coolant_flow_lpm",
];

/** A machine note written during an observed shift. */
interface MachineNote {
  hour: number;
  shift: LineShift;
  machine: string;
  note: string;
}

const SYMPTOM_NOTES = [
  "{m} making a grinding noise under load",
  "Chatter marks on parts coming off {m}",
  "{m} spindle sounds rough at high rpm",
  "Felt vibration through the guard on {m}",
  "{m} running noticeably hotter than its neighbours",
  "Surface finish drifting on {m}, had to slow the feed",
];
const COOLANT_NOTES = [
  "Coolant flow weak on {m}, filter looks clogged",
  "{m} coolant nozzle spitting, low pressure",
  "Topped up coolant on {m}, still looks low",
];
const ROUTINE_MACHINE_NOTES = [
  "Tool change on {m}",
  "Topped up way oil on {m}",
  "Cleaned chips out of {m} enclosure",
  "Offsets checked on {m}, all good",
  "{m} first-off part measured in tolerance",
];
const STOP_NOTES = [
  "{m} stopped on spindle overload alarm, maintenance reset it",
  "{m} tripped on over-temperature, restarted after cool-down",
  "Tool broke in {m}, machine down until maintenance cleared it",
];

function stateAt(machine: Machine, hour: number) {
  const h = Math.min(machine.tau.length - 1, Math.max(0, Math.floor(hour)));
  return { tau: machine.tau[h]!, defect: machine.defect[h]!, coolantLow: machine.coolantLow[h]! };
}

const within = (intervals: [number, number][], hour: number) =>
  intervals.some(([start, end]) => hour >= start && hour < end);

function makeWindows(
  random: Random,
  machines: Machine[],
  lineShifts: LineShift[],
  hours: number,
  testStart: number,
  shiftCount: number,
) {
  const train: Row[] = [];
  const test: Row[] = [];
  const answers: number[] = [];
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
    if (isTrain) {
      train.push([...row, label]);
      readingsTrain.push(...lines);
    } else {
      test.push(row);
      answers.push(label);
      readingsTest.push(...lines);
    }

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
  return { train, test, answers, readingsTrain, readingsTest, notes };
}

// ---------------------------------------------------------------------------------------------
// Challenge 2: rework cost per unit.

const UNIT_HEADER = [
  "unit_id",
  "machine_id",
  "speed_rpm",
  "feed_mm_rev",
  "coolant_pct",
  "target_temp_c",
  "shift_id",
  "part_family",
];

function makeUnits(
  random: Random,
  noise: Random,
  machines: Machine[],
  lineShifts: LineShift[],
  testStart: number,
) {
  const train: Row[] = [];
  const test: Row[] = [];
  const answers: number[] = [];
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
      if (shift.start < testStart) train.push([...row, cost]);
      else {
        test.push(row);
        answers.push(cost);
      }
    }
  }
  return { train, test, answers };
}

// ---------------------------------------------------------------------------------------------
// Challenge 3: hours each line-shift runs late.

const SHIFT_HEADER = [
  "shift_id",
  "line_id",
  "date",
  "shift",
  "planned_units",
  "machines_available",
  "operators_scheduled",
  "changeovers",
  "rush_orders",
];

function makeShiftRows(
  noise: Random,
  lineShifts: LineShift[],
  machines: Machine[],
  testStart: number,
) {
  const train: Row[] = [];
  const test: Row[] = [];
  const answers: number[] = [];
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
    if (shift.start < testStart) train.push([...row, delay]);
    else {
      test.push(row);
      answers.push(delay);
    }
  }
  return { train, test, answers };
}

// ---------------------------------------------------------------------------------------------

const ABSENCE_NOTES = [
  "{k} operator(s) called in sick, crew short this shift",
  "Crew short by {k}; covering with floaters where we can",
  "Missing {k} from the roster this shift, reshuffled stations",
];
const TRAINEE_NOTES = [
  "New hire starts on the line this shift, paired with {op}",
  "Trainee running stations this shift under {op}",
];
const HANDOVER_NOTES = [
  "Handover complete, nothing open",
  "Safety walk at {t}, please keep aisles clear",
  "Reminder: log scrap counts before end of shift",
  "All orders from last shift closed out",
];

function makeOperatorLogs(random: Random, lineShifts: LineShift[], machineNotes: MachineNote[]) {
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

function notebooks(): Record<string, string> {
  const common = { domainName: manufacturing.name, folder: manufacturing.folder };
  return {
    "Challenge1_baseline.ipynb": baselineNotebook({
      ...common,
      number: 1,
      title: "Predictive Maintenance",
      metricName: "Macro-F1",
      approach:
        "A logistic regression on the window's summary columns (hours since service and the four sensor means), with the cut-off tuned for F1 on the training data.",
      code: `from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv(DATA_DIR / "maintenance_windows_train.csv")
test = pd.read_csv(DATA_DIR / "maintenance_windows_test.csv")
columns = ["hours_since_service", "vibration_mean", "spindle_temp_mean", "spindle_load_mean", "coolant_flow_mean"]
model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
model.fit(train[columns], train["failure_within_24h"])

# Failures are the minority: pick the probability cut-off that maximises macro-F1 on the training data.
train_prob = model.predict_proba(train[columns])[:, 1]
cutoffs = np.quantile(train_prob, np.linspace(0.5, 0.98, 60))
best = max(cutoffs, key=lambda c: f1_score(train["failure_within_24h"], train_prob >= c, average="macro"))
submission = pd.DataFrame({
    "window_id": test["window_id"],
    "failure_within_24h": (model.predict_proba(test[columns])[:, 1] >= best).astype(int),
})`,
    }),
    "Challenge2_baseline.ipynb": baselineNotebook({
      ...common,
      number: 2,
      title: "Quality Cost Prediction",
      metricName: "Normalized Gini",
      approach:
        "A ridge regression of the rework cost on the four process settings and one-hot part family; only the ranking of the predictions matters for the Gini.",
      code: `from sklearn.linear_model import Ridge

train = pd.read_csv(DATA_DIR / "batches_train.csv")
test = pd.read_csv(DATA_DIR / "batches_test.csv")
numeric = ["speed_rpm", "feed_mm_rev", "coolant_pct", "target_temp_c"]

def features(df):
    return df[numeric].join(pd.get_dummies(df["part_family"]).astype(float))

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = Ridge(alpha=1.0)
model.fit(X_train, train["ReworkCostUSD"])
submission = pd.DataFrame({
    "unit_id": test["unit_id"],
    "ReworkCostUSD": model.predict(X_test).round(2),
})`,
    }),
    "Challenge3_baseline.ipynb": baselineNotebook({
      ...common,
      number: 3,
      title: "Production Delay Forecasting",
      metricName: "MSE",
      approach: "A linear regression on the shift's planned workload columns and one-hot shift.",
      code: `from sklearn.linear_model import LinearRegression

train = pd.read_csv(DATA_DIR / "shift_workload_train.csv")
test = pd.read_csv(DATA_DIR / "shift_workload_test.csv")
numeric = ["planned_units", "machines_available", "operators_scheduled", "changeovers", "rush_orders"]

def features(df):
    return df[numeric].join(pd.get_dummies(df["shift"]).astype(float))

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = LinearRegression()
model.fit(X_train, train["hours_delayed"])
submission = pd.DataFrame({
    "shift_id": test["shift_id"],
    "hours_delayed": np.clip(model.predict(X_test), 0, None).round(3),
})`,
    }),
  };
}
