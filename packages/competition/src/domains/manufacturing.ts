import { BINARY, defineChallenge, NUMERIC } from "../challenge";
import type { Domain } from "../types";

const split = (line: string) => line.split(",");

export const manufacturing: Domain = {
  slug: "manufacturing",
  name: "Manufacturing",
  folder: "Manufacturing",
  route: "/domains/manufacturing",
  color: "#5f3dc4",
  background: "linear-gradient(135deg, #5f3dc4 0%, #1a1b1e 100%)",
  overview:
    "A contract machining plant runs 50 CNC machines on five lines, three shifts a day, for a year. Machines wear between planned services and sometimes stop without warning, worn machines and green crews make parts that need rework, and every shift races its plan. Condition monitoring, work orders and the operators' own notes each see part of what is going on: the work rewards people and AI agents that put them together.",
  dataFiles: [
    {
      name: "maintenance_windows_train.csv",
      description:
        "Condition-monitoring windows: one machine watched for one 8-hour shift, summarised, with whether it had an unplanned stop in the 24 hours after the window. Windows of the same machine are five days apart.",
      columns: {
        window_id: "Window id (`W00001`)",
        machine_id:
          "Machine (`MCH_001`..`MCH_050`; machines 1-10 are on LINE_1, 11-20 on LINE_2, ...)",
        shift_id: "The line-shift the window covers (joins shift_workload_*.csv and the logs)",
        window_start: "Start of the window, ISO 8601 UTC",
        window_end: "End of the window (the moment of prediction)",
        hours_since_service: "Hours since the machine's last planned service at window_end",
        vibration_mean: "Mean vibration over the window, mm/s RMS",
        spindle_temp_mean: "Mean spindle temperature, °C",
        spindle_load_mean: "Mean spindle load, % of rated",
        coolant_flow_mean: "Mean coolant flow, litres per minute",
        failure_within_24h:
          "1 if the machine had an unplanned stop (spindle overload or over-temperature trip, tool breakage) within 24 hours after window_end (train only)",
      },
    },
    {
      name: "maintenance_windows_test.csv",
      description:
        "The windows to score (weeks 40-52): the same columns without failure_within_24h.",
    },
    {
      name: "sensor_readings_train.csv",
      description:
        "The 5-minute readings behind every training window (96 per window), by machine and time. Load 0 with no coolant flow means the machine was stopped.",
      columns: {
        timestamp: "Reading time, ISO 8601 UTC",
        machine_id: "Machine",
        vibration_mm_s: "Vibration, mm/s RMS",
        spindle_temp_c: "Spindle temperature, °C",
        spindle_load_pct: "Spindle load, % of rated",
        coolant_flow_lpm: "Coolant flow, litres per minute",
      },
    },
    {
      name: "sensor_readings_test.csv",
      description: "The same readings for the test windows.",
    },
    {
      name: "batches_train.csv",
      description:
        "Production units (a run of parts on one machine) that went through final inspection, with the cost of the rework they needed (0 for most).",
      columns: {
        unit_id: "Unit id (`U00001`)",
        machine_id: "Machine that made the unit",
        speed_rpm: "Spindle speed, rpm",
        feed_mm_rev: "Feed, mm per revolution",
        coolant_pct: "Coolant concentration, %",
        target_temp_c: "Coolant temperature set point, °C",
        shift_id: "Line-shift in which the unit was made",
        part_family: "bracket, flange, shaft, gear_blank, housing or manifold",
        ReworkCostUSD: "Cost of reworking the unit, USD; 0 if none was needed (train only)",
      },
    },
    {
      name: "batches_test.csv",
      description: "Units made in weeks 40-52: the same columns without ReworkCostUSD.",
    },
    {
      name: "shift_workload_train.csv",
      description:
        "One row per line and shift (weeks 1-39) with the planned workload and how late the shift finished.",
      columns: {
        shift_id: "Line-shift id (`SH00001`)",
        line_id: "LINE_1..LINE_5",
        date: "Date the shift starts",
        shift: "Day (06:00-14:00), Swing (14:00-22:00) or Night (22:00-06:00), UTC",
        planned_units: "Units the plan asks for",
        machines_available: "Machines not down for planned service",
        operators_scheduled: "Operators on the roster",
        changeovers: "Changeovers between work orders",
        rush_orders: "Work orders marked rush",
        hours_delayed:
          "Hours after the shift's end until its plan was complete; 0 if on time (train only)",
      },
    },
    {
      name: "shift_workload_test.csv",
      description: "The line-shifts of weeks 40-52: the same columns without hours_delayed.",
    },
    {
      name: "production_logs.json",
      description:
        "A JSON list with the plan of every line-shift of the year, as released to the line before it starts.",
      columns: {
        shift_id: "Line-shift id",
        line_id: "Line",
        shift_start: "Shift start, ISO 8601 UTC",
        material_status: "Raw material for the shift: on_time, late or partial",
        planned_service:
          "Machines taken down for planned service at the start of the shift (06:00-10:00)",
        orders:
          "Work orders: order_id, part_family, quantity (units) and priority (rush or normal)",
      },
    },
    {
      name: "operator_logs.json",
      description:
        "A JSON list of operators' notes: crew handover notes at the start of shifts, and notes about machines written during the monitored windows.",
      columns: {
        log_id: "Note id",
        timestamp: "When it was written, ISO 8601 UTC",
        shift_id: "Line-shift it belongs to",
        line_id: "Line",
        machine_id: "Machine it is about, or null for crew notes",
        operator_id: "Author",
        note: "Free text",
      },
    },
  ],
  challenges: [
    defineChallenge("manufacturing", {
      number: 1,
      title: "Predictive Maintenance",
      metric: "macro_f1",
      header: "window_id,failure_within_24h",
      target: BINARY,
      testFile: "maintenance_windows_test.csv",
      taskDescription:
        "For each monitoring window, predict whether the machine stops unexpectedly in the next 24 hours. Risk grows with time since service, coolant trouble and load, and above all with bearing defects, which announce themselves in the raw vibration and in what the operators hear before the averages move.",
      datasetDescription:
        "About 2,700 labelled windows from weeks 1-39 and 900 to score from weeks 40-52, each with its 96 five-minute sensor readings, plus the operators' notes and the service plan.",
      files: [
        "maintenance_windows_train.csv",
        "maintenance_windows_test.csv",
        "sensor_readings_train.csv",
        "sensor_readings_test.csv",
        "operator_logs.json",
        "production_logs.json",
      ],
      sampleData: [
        split(
          "window_id,machine_id,shift_id,window_start,window_end,hours_since_service,vibration_mean,spindle_temp_mean,spindle_load_mean,coolant_flow_mean,failure_within_24h",
        ),
        split(
          "W00001,MCH_039,SH00004,2024-01-01T06:00:00Z,2024-01-01T14:00:00Z,195,1.741,35.807,60.169,12.037,0",
        ),
        split(
          "W00002,MCH_022,SH00008,2024-01-01T14:00:00Z,2024-01-01T22:00:00Z,59,1.369,38.162,71.944,11.971,0",
        ),
        split(
          "W00003,MCH_033,SH00009,2024-01-01T14:00:00Z,2024-01-01T22:00:00Z,251,1.917,43.778,71.33,7.715,0",
        ),
      ],
      task: "Submit failure_within_24h (0 or 1) for every window_id in maintenance_windows_test.csv.",
    }),
    defineChallenge("manufacturing", {
      number: 2,
      title: "Quality Cost Prediction",
      metric: "gini",
      header: "unit_id,ReworkCostUSD",
      target: NUMERIC,
      testFile: "batches_test.csv",
      taskDescription:
        "Predict the rework cost of each inspected unit; the score ranks units by your prediction, so what matters is putting the costly ones first. Off-target speeds, heavy feeds and weak coolant cause rework, and so do worn machines and new crews.",
      datasetDescription:
        "About 20,000 inspected units from weeks 1-39 with their rework cost and 6,700 from weeks 40-52 to score. The machine's service history and defects, and the crew of the shift, are in the production and operator logs and the sensor windows.",
      files: [
        "batches_train.csv",
        "batches_test.csv",
        "production_logs.json",
        "operator_logs.json",
        "maintenance_windows_train.csv",
        "maintenance_windows_test.csv",
        "sensor_readings_train.csv",
        "sensor_readings_test.csv",
      ],
      sampleData: [
        split(
          "unit_id,machine_id,speed_rpm,feed_mm_rev,coolant_pct,target_temp_c,shift_id,part_family,ReworkCostUSD",
        ),
        split("U00001,MCH_004,980,0.265,9.1,22.8,SH00001,manifold,157.46"),
        split("U00002,MCH_001,840,0.158,7,22.4,SH00001,manifold,0"),
        split("U00003,MCH_001,850,0.178,6.3,19.1,SH00001,manifold,0"),
      ],
      task: "Submit ReworkCostUSD (a number; higher = costlier) for every unit_id in batches_test.csv.",
    }),
    defineChallenge("manufacturing", {
      number: 3,
      title: "Production Delay Forecasting",
      metric: "mse",
      header: "shift_id,hours_delayed",
      target: NUMERIC,
      testFile: "shift_workload_test.csv",
      taskDescription:
        "Forecast how many hours late each line-shift finishes its plan. The plan counts units, but parts differ in machine time; late material, missing operators, trainees and machine stops add their own delays.",
      datasetDescription:
        "4,095 line-shifts from weeks 1-39 with their delay and 1,360 from weeks 40-52 to forecast, with the work orders and material status of every shift and the crew notes.",
      files: [
        "shift_workload_train.csv",
        "shift_workload_test.csv",
        "production_logs.json",
        "operator_logs.json",
        "sensor_readings_train.csv",
        "sensor_readings_test.csv",
      ],
      sampleData: [
        split(
          "shift_id,line_id,date,shift,planned_units,machines_available,operators_scheduled,changeovers,rush_orders,hours_delayed",
        ),
        split("SH00001,LINE_1,2024-01-01,Day,23,8,6,2,1,4.68"),
        split("SH00002,LINE_2,2024-01-01,Day,35,9,6,4,0,1.7"),
        split("SH00003,LINE_3,2024-01-01,Day,38,10,6,3,1,1.79"),
      ],
      task: "Submit hours_delayed (hours, 0 or more) for every shift_id in shift_workload_test.csv.",
    }),
  ],
};
