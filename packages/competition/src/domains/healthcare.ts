import { BINARY, defineChallenge, NUMERIC } from "../challenge";
import type { Domain } from "../types";

const PATIENT_ID = "Patient id (`P000001`), the key into `patients.csv`.";

export const healthcare: Domain = {
  slug: "healthcare",
  name: "Healthcare",
  folder: "Healthcare",
  route: "/domains/healthcare",
  color: "#c2255c",
  background: "linear-gradient(135deg, #c2255c 0%, #1a1b1e 100%)",
  overview:
    "Hospitals must decide who goes home, who needs a follow-up call and where emergency care money will be spent, from structured records that capture only part of the picture. The rest sits in free-text discharge notes and day-by-day bedside observations that clinicians read at a glance but models often ignore. These challenges reward teams that pair an AI's reach across thousands of records with a human's sense of which note or vital-sign trend matters: readmission risk, emergency department cost and discharge readiness.",
  dataFiles: [
    {
      name: "patients.csv",
      description:
        "One row per patient: demographics, insurance and area of residence. Shared by all three challenges.",
      columns: {
        patient_id: "Patient id (`P000001`).",
        age: "Age in years (18-98).",
        sex: "F or M.",
        insurance: "Payer: private, public or self_pay.",
        zip3: "First three digits of the home ZIP code (40 areas, which differ in deprivation).",
      },
    },
    {
      name: "admissions_train.csv",
      description:
        "Hospital admissions with their 30-day readmission outcome (challenge 1). A patient may have several admissions.",
      columns: {
        admission_id: "Admission id (`ADM000001`), the key into `discharge_notes.json`.",
        patient_id: PATIENT_ID,
        primary_dx:
          "Primary diagnosis: heart_failure, copd, pneumonia, sepsis, diabetes, stroke, hip_fracture, chest_pain, ckd or cellulitis.",
        los_days: "Length of stay in days.",
        acuity_emergent: "1 if admitted as an emergency (through the ED), 0 if elective.",
        charlson_band: "Charlson comorbidity index band: 0, 1-2, 3-4 or 5+.",
        ed_visits_6m: "Emergency department visits in the 6 months before admission.",
        discharge_weekday: "Day of the week of discharge (Mon-Sun).",
        readmit_30d: "Target: 1 if readmitted within 30 days of discharge, else 0.",
      },
    },
    {
      name: "admissions_test.csv",
      description:
        "Admissions to predict: the columns of `admissions_train.csv` without `readmit_30d`.",
    },
    {
      name: "discharge_notes.json",
      description:
        "A list of `{admission_id, note}`: the free-text discharge summary of every admission, train and test. Notes mention home situation, follow-up arrangements, medication adherence and mobility, which the tables do not record.",
      columns: {
        admission_id: "Admission id, as in the admissions files.",
        note: "Discharge summary text.",
      },
    },
    {
      name: "ed_cost_train.csv",
      description:
        "One row per patient with their emergency department (ED) history and the ED cost over the following 3 years (challenge 2).",
      columns: {
        patient_id: PATIENT_ID,
        primary_chronic:
          "Main chronic condition: none, hypertension, diabetes, asthma, copd, chf, ckd or sickle_cell.",
        prior_ed_visits_5y: "ED visits in the past 5 years.",
        prior_ed_cost_5y_usd: "Total cost of those visits, USD.",
        ed_cost_next3y_usd: "Target: total ED cost over the next 3 years, USD (0 if no visits).",
      },
    },
    {
      name: "ed_cost_test.csv",
      description:
        "Patients to predict (none of them in the training file): the columns of `ed_cost_train.csv` without `ed_cost_next3y_usd`.",
    },
    {
      name: "stays_train.csv",
      description:
        "Inpatient stays followed for their first 10 days, with whether the patient was ready for discharge by day 11 (challenge 3).",
      columns: {
        stay_id: "Stay id (`ST000001`), the key into `vitals_timeseries.json`.",
        patient_id: PATIENT_ID,
        unit_type: "Ward: medical, surgical, icu, step_down or neuro.",
        admission_reason:
          "Reason for the stay: pneumonia, sepsis, chf_exacerbation, copd_exacerbation, stroke, hip_replacement, bowel_surgery, gi_bleed, pancreatitis, trauma or uti.",
        discharge_ready_day11: "Target: 1 if ready for discharge by day 11, else 0.",
      },
    },
    {
      name: "stays_test.csv",
      description:
        "Stays to predict: the columns of `stays_train.csv` without `discharge_ready_day11`.",
    },
    {
      name: "vitals_timeseries.json",
      description:
        "A list of `{stay_id, days}` for every stay, train and test; `days` holds 10 daily records (days 1-10) of vital signs and a short nursing note.",
      columns: {
        stay_id: "Stay id, as in the stays files.",
        day: "Day of the stay, 1-10.",
        hr: "Heart rate, beats per minute.",
        sbp: "Systolic blood pressure, mmHg.",
        dbp: "Diastolic blood pressure, mmHg.",
        temp_c: "Body temperature, °C.",
        rr: "Respiratory rate, breaths per minute.",
        note: "The day's nursing note (mobility, diet, oxygen, events, discharge planning).",
      },
    },
  ],
  challenges: [
    defineChallenge("healthcare", {
      number: 1,
      title: "30-Day Readmission Prediction",
      metric: "macro_f1",
      header: "admission_id,readmit_30d",
      target: BINARY,
      testFile: "admissions_test.csv",
      taskDescription:
        "About one discharged patient in five is back in hospital within a month, and many of those returns are preventable with a follow-up call, a home visit or a medication review. Predict, for each admission in the test set, whether the patient will be readmitted within 30 days of discharge, so that scarce transition-of-care resources reach the right people.",
      datasetDescription:
        "`admissions_train.csv` (5,000 admissions) and `admissions_test.csv` (2,000) hold the diagnosis, length of stay, acuity, comorbidity band, recent ED visits and discharge weekday; the label `readmit_30d` is in train only. `discharge_notes.json` has the discharge summary of every admission, with the social and follow-up details the tables leave out, and `patients.csv` adds age, sex, insurance and area.",
      files: [
        "admissions_train.csv",
        "admissions_test.csv",
        "discharge_notes.json",
        "patients.csv",
      ],
      sampleData: [
        [
          "admission_id",
          "patient_id",
          "primary_dx",
          "los_days",
          "acuity_emergent",
          "charlson_band",
          "ed_visits_6m",
          "discharge_weekday",
          "readmit_30d",
        ],
        ["ADM000001", "P002373", "stroke", "11", "1", "1-2", "0", "Thu", "0"],
        ["ADM000002", "P005692", "stroke", "6", "1", "1-2", "0", "Fri", "0"],
        ["ADM000003", "P000381", "chest_pain", "1", "0", "1-2", "0", "Fri", "0"],
      ],
      task: "Submit `admission_id,readmit_30d` with a 0/1 prediction for every admission in `admissions_test.csv`.",
    }),
    defineChallenge("healthcare", {
      number: 2,
      title: "ED Cost Forecasting",
      metric: "mae",
      header: "patient_id,ed_cost_next3y_usd",
      target: NUMERIC,
      testFile: "ed_cost_test.csv",
      taskDescription:
        "Emergency department spending is concentrated in a small group of frequent users, and care-management programs need to know in advance who they are. Forecast each test patient's total ED cost over the next 3 years, in US dollars. Many patients will cost nothing and a few a great deal, so think about what the absolute-error metric rewards.",
      datasetDescription:
        "`ed_cost_train.csv` (4,000 patients) and `ed_cost_test.csv` (1,500 other patients) give the main chronic condition and the ED visits and cost of the past 5 years; the target `ed_cost_next3y_usd` is in train only. `patients.csv` (age, insurance, area) and the admissions files (recent hospital stays and ED visits of the same patients) tell more about where each patient's use is heading.",
      files: [
        "ed_cost_train.csv",
        "ed_cost_test.csv",
        "patients.csv",
        "admissions_train.csv",
        "admissions_test.csv",
      ],
      sampleData: [
        [
          "patient_id",
          "primary_chronic",
          "prior_ed_visits_5y",
          "prior_ed_cost_5y_usd",
          "ed_cost_next3y_usd",
        ],
        ["P006686", "asthma", "8", "6202.27", "0.00"],
        ["P007005", "asthma", "3", "4842.18", "5052.25"],
        ["P000172", "none", "5", "5803.87", "4293.14"],
      ],
      task: "Submit `patient_id,ed_cost_next3y_usd` with a cost in USD (a number, 0 or more) for every patient in `ed_cost_test.csv`.",
    }),
    defineChallenge("healthcare", {
      number: 3,
      title: "Discharge Readiness by Day 11",
      metric: "macro_f1",
      header: "stay_id,discharge_ready_day11",
      target: BINARY,
      testFile: "stays_test.csv",
      taskDescription:
        "Bed managers plan tomorrow's admissions around today's expected discharges. After ten days in hospital, predict for each test stay whether the patient will be ready to go home by day 11, from the ward, the reason for admission and the trajectory of their vital signs and nursing notes.",
      datasetDescription:
        "`stays_train.csv` (3,000 stays) and `stays_test.csv` (1,000) give the unit and admission reason; the label `discharge_ready_day11` is in train only. `vitals_timeseries.json` holds 10 days of heart rate, blood pressure, temperature, respiratory rate and a nursing note per stay: recovery curves, setbacks and discharge-planning delays show up there. `patients.csv` adds age and other demographics.",
      files: ["stays_train.csv", "stays_test.csv", "vitals_timeseries.json", "patients.csv"],
      sampleData: [
        ["stay_id", "patient_id", "unit_type", "admission_reason", "discharge_ready_day11"],
        ["ST000001", "P007951", "neuro", "stroke", "0"],
        ["ST000002", "P000859", "step_down", "sepsis", "0"],
        ["ST000003", "P003108", "step_down", "hip_replacement", "1"],
      ],
      task: "Submit `stay_id,discharge_ready_day11` with a 0/1 prediction for every stay in `stays_test.csv`.",
    }),
  ],
};
