export const START = Date.UTC(2024, 0, 1);
export const LINES = 5;
export const MACHINES_PER_LINE = 10;
export const SHIFTS = [
  { name: "Day", start: 6, staff: 7 },
  { name: "Swing", start: 14, staff: 6 },
  { name: "Night", start: 22, staff: 5 },
] as const;
/** The planners schedule every unit at this many machine-hours; the real figure depends on the part. */
export const STANDARD_HOURS = 2.5;
/** Windows of one machine are this many shifts apart, so no window sees another's 24-hour horizon. */
export const WINDOW_SPACING = 15;
export const READINGS_PER_SHIFT = 96;

/** Part families: machine-hours per unit, the spindle speed they should run at, rework cost. */
export const FAMILIES = [
  { name: "bracket", hours: 1.9, rpm: 3200, cost: 60 },
  { name: "flange", hours: 2.2, rpm: 2400, cost: 90 },
  { name: "shaft", hours: 2.5, rpm: 1800, cost: 150 },
  { name: "gear_blank", hours: 2.6, rpm: 1500, cost: 180 },
  { name: "housing", hours: 2.9, rpm: 1200, cost: 220 },
  { name: "manifold", hours: 3.3, rpm: 900, cost: 350 },
] as const;
export type Family = (typeof FAMILIES)[number];
export const MATERIAL_STATUS = ["on_time", "late", "partial"] as const;

export const SYMPTOM_NOTES = [
  "{m} making a grinding noise under load",
  "Chatter marks on parts coming off {m}",
  "{m} spindle sounds rough at high rpm",
  "Felt vibration through the guard on {m}",
  "{m} running noticeably hotter than its neighbours",
  "Surface finish drifting on {m}, had to slow the feed",
];
export const COOLANT_NOTES = [
  "Coolant flow weak on {m}, filter looks clogged",
  "{m} coolant nozzle spitting, low pressure",
  "Topped up coolant on {m}, still looks low",
];
export const ROUTINE_MACHINE_NOTES = [
  "Tool change on {m}",
  "Topped up way oil on {m}",
  "Cleaned chips out of {m} enclosure",
  "Offsets checked on {m}, all good",
  "{m} first-off part measured in tolerance",
];
export const STOP_NOTES = [
  "{m} stopped on spindle overload alarm, maintenance reset it",
  "{m} tripped on over-temperature, restarted after cool-down",
  "Tool broke in {m}, machine down until maintenance cleared it",
];

export const ABSENCE_NOTES = [
  "{k} operator(s) called in sick, crew short this shift",
  "Crew short by {k}; covering with floaters where we can",
  "Missing {k} from the roster this shift, reshuffled stations",
];
export const TRAINEE_NOTES = [
  "New hire starts on the line this shift, paired with {op}",
  "Trainee running stations this shift under {op}",
];
export const HANDOVER_NOTES = [
  "Handover complete, nothing open",
  "Safety walk at {t}, please keep aisles clear",
  "Reminder: log scrap counts before end of shift",
  "All orders from last shift closed out",
];
