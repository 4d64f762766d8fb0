import { BINARY, DEFAULT_SPLIT, defineChallenge, NUMERIC } from "../challenge";
import type { Domain } from "../types";

const split = (line: string) => line.split(",");

export const food: Domain = {
  slug: "food",
  name: "Food Production",
  folder: "FoodProduction",
  route: "/domains/food",
  color: "#f08c00",
  background: "linear-gradient(135deg, #f08c00 0%, #1a1b1e 100%)",
  overview:
    "A chilled-food maker cooks, packs and ships salads, ready meals, dairy, deli meats and more from twelve plants into ten sales regions. Every batch loses shelf life in cold storage, every production lot must clear quality control, and every region-SKU needs a forecast. The numbers are in the tables, but much of the story sits in temperature logs, inspectors' notes and market memos: the work rewards teams where people and AI agents read both.",
  dataFiles: [
    {
      name: "batches_train.csv",
      description:
        "Finished batches after their time in a plant's cold storage, with the shelf life they had left.",
      columns: {
        batch_id: "Batch id (`B000001`)",
        sku_id: "Product (`SKU001`, see products.csv)",
        site_id: "Plant whose cold room held the batch (`SITE01`, see sites.csv)",
        dwell_hours: "Hours the batch spent in cold storage",
        mean_temp_F: "Mean cold-room temperature over the dwell, °F",
        mean_rh_pct: "Mean relative humidity over the dwell, %",
        door_opens_count: "Times the cold-room door was opened during the dwell",
        shelf_life_remaining_days:
          "Days of shelf life left when the batch leaves storage (0 = spoiled; train only)",
      },
    },
    {
      name: "batches_test.csv",
      description: "The batches to score: the same columns without shelf_life_remaining_days.",
    },
    {
      name: "storage_series.json",
      description:
        "A JSON list with the cold-room readings of every batch (train and test), one record each.",
      columns: {
        batch_id: "Batch id (joins batches_train.csv and batches_test.csv)",
        site_id: "Plant",
        interval_hours:
          "Hours between readings (2); each reading covers the interval that starts with it",
        temp_F: "Temperature readings, °F, from the start of the dwell",
        rh_pct: "Relative humidity readings, %, aligned with temp_F",
      },
    },
    {
      name: "lots_train.csv",
      description:
        "Production lots with their process measurements, the inspector's note and the QC outcome.",
      columns: {
        lot_id: "Lot id (`L000001`)",
        sku_id: "Product",
        site_id: "Plant that produced the lot",
        cook_temp_F: "Core temperature reached in the cook step, °F",
        cook_time_min: "Cook time, minutes",
        chill_time_min: "Minutes to chill from cook temperature to 41°F",
        acidification_pH: "pH after acidification",
        line_speed: "Packing line speed, packs per minute",
        sanitation_gap_min: "Minutes since the line's last sanitation cycle",
        inspector_note: "The line inspector's free-text note (may be empty)",
        qc_pass: "1 if the lot passed quality control, 0 if it failed (train only)",
      },
    },
    {
      name: "lots_test.csv",
      description: "The lots to score: the same columns without qc_pass.",
    },
    {
      name: "demand_train.csv",
      description:
        "Weekly demand panel per region and SKU, weeks 1-40. Each row is written in its week and describes the coming week; the target is that coming week's sales.",
      columns: {
        region_id: "Sales region (`R01`, see regions.csv)",
        sku_id: "Product",
        week: "Week the row was written, 1-52",
        sku_base: "The planners' baseline of weekly units for this region and SKU",
        price: "Shelf price planned for the coming week, USD",
        base_price: "Regular shelf price in the region, USD",
        promo_flag: "1 if the SKU is on promotion in the coming week",
        feature_display: "1 if the SKU gets a feature display in the coming week",
        stockout_prev: "1 if the SKU ran out of stock in the region during this week",
        seasonal_index:
          "Seasonal demand index of the coming week for the SKU's category (1 = average)",
        units_sold_next_week: "Units sold in the coming week (train only)",
      },
    },
    {
      name: "demand_test.csv",
      description: "Weeks 41-52 to forecast: the same columns without units_sold_next_week.",
    },
    {
      name: "products.csv",
      description: "One row per SKU.",
      columns: {
        sku_id: "Product id",
        product_name: "Product name and pack size",
        category: "Dairy, Cheese, Deli Meats, Ready Meals, Salads, Bakery, Juices or Seafood",
        shelf_life_days: "Nominal shelf life from production at 38°F, days",
        list_price: "National list price, USD",
      },
    },
    {
      name: "sites.csv",
      description: "One row per plant.",
      columns: {
        site_id: "Plant id",
        site_name: "Plant name",
        region_id: "Region the plant sits in",
        opened_year: "Year the plant opened",
        sanitation_audit_score: "Score of the latest sanitation audit, 0-100",
        cold_room_age_years: "Age of the cold-storage equipment, years",
      },
    },
    {
      name: "regions.csv",
      description: "One row per sales region.",
      columns: {
        region_id: "Region id",
        region_name: "Region name (as the market memos write it)",
        population_m: "Population, millions",
        urban_share: "Share of the population in cities",
        store_count: "Stores carrying the brand",
        price_sensitivity: "How strongly shoppers in the region react to price (1 = average)",
      },
    },
    {
      name: "market_memos.csv",
      description:
        "Notes from the regional sales teams, written during a week about the week ahead. Some matter for demand, some do not.",
      columns: {
        memo_id: "Memo id",
        week: "Week the memo was written (the same week numbering as the demand panel)",
        region_id: "Region the memo is about",
        memo: "Free text",
      },
    },
  ],
  challenges: [
    defineChallenge("food", {
      number: 1,
      title: "Shelf Life Prediction",
      metric: "mae",
      header: "batch_id,shelf_life_remaining_days",
      target: NUMERIC,
      testFile: "batches_test.csv",
      taskDescription:
        "Predict how many days of shelf life each batch has left when it leaves cold storage. Shelf life runs down faster the warmer the room, and a few hours of temperature abuse can cost more than days of steady cold, so the average temperature alone hides part of the story.",
      datasetDescription:
        "12,000 training batches and 3,000 test batches across 48 SKUs and 12 plants, with the full two-hourly temperature and humidity log of every batch and the product and plant tables.",
      files: [
        "batches_train.csv",
        "batches_test.csv",
        "storage_series.json",
        "products.csv",
        "sites.csv",
      ],
      sampleData: [
        split(
          "batch_id,sku_id,site_id,dwell_hours,mean_temp_F,mean_rh_pct,door_opens_count,shelf_life_remaining_days",
        ),
        split("B000001,SKU024,SITE12,137,38.5,82.3,21,0"),
        split("B000002,SKU028,SITE07,26.7,37.4,82.4,3,6"),
        split("B000003,SKU033,SITE05,21.4,38.8,81,2,4.9"),
      ],
      task: "Submit shelf_life_remaining_days (days, a number) for every batch_id in batches_test.csv.",
    }),
    defineChallenge("food", {
      number: 2,
      title: "Quality Control Pass/Fail",
      metric: "macro_f1",
      header: "lot_id,qc_pass",
      target: BINARY,
      testFile: "lots_test.csv",
      taskDescription:
        "Predict which production lots pass quality control. Under-cooking, slow chilling and weak acidification raise the risk, and so do hygiene problems on the line that only the inspector's note records.",
      datasetDescription:
        "8,000 training lots and 2,000 test lots, each with six process measurements and the inspector's free-text note; about one lot in five fails. Products and plants (with their sanitation audit scores) join on sku_id and site_id.",
      files: ["lots_train.csv", "lots_test.csv", "products.csv", "sites.csv"],
      sampleData: [
        split(
          "lot_id,sku_id,site_id,cook_temp_F,cook_time_min,chill_time_min,acidification_pH,line_speed,sanitation_gap_min,inspector_note,qc_pass",
        ),
        split("L000001,SKU016,SITE07,159.2,31,94,4.23,71,351,New operator shadowing on line 4,0"),
        split(
          "L000002,SKU045,SITE10,169,39,100,4.46,51,382,Probe thermometer read 3F high at verification,1",
        ),
        split(
          "L000003,SKU009,SITE08,164.7,43,103,4.45,52,211,Standing water under cooling tunnel,1",
        ),
      ],
      task: "Submit qc_pass (1 = pass, 0 = fail) for every lot_id in lots_test.csv.",
    }),
    defineChallenge("food", {
      number: 3,
      title: "Weekly Demand Forecasting",
      metric: "rmse",
      header: "region_id,sku_id,week,units_sold_next_week",
      // By SKU (48 of them, each in ten regions), so a region-SKU series' weeks share a part;
      // by region would leave ten groups, too few for a 30% share to hold.
      split: { ...DEFAULT_SPLIT, groupBy: "sku_id" },
      target: NUMERIC,
      testFile: "demand_test.csv",
      taskDescription:
        "Forecast next week's unit sales for every region and SKU in weeks 41-52. Price cuts, promotions and displays move demand by category and region, the season shifts it, and the sales teams' memos announce heat waves, competitor moves and supply trouble before they happen.",
      datasetDescription:
        "A weekly panel of 480 region-SKU pairs (10 regions, 48 SKUs): weeks 1-40 with sales for training, weeks 41-52 to forecast, with the product and region tables and the market memos.",
      files: [
        "demand_train.csv",
        "demand_test.csv",
        "market_memos.csv",
        "products.csv",
        "regions.csv",
      ],
      sampleData: [
        split(
          "region_id,sku_id,week,sku_base,price,base_price,promo_flag,feature_display,stockout_prev,seasonal_index,units_sold_next_week",
        ),
        split("R01,SKU001,1,313,3.35,3.52,0,1,0,0.922,354"),
        split("R01,SKU001,2,313,2.88,3.52,1,1,0,0.921,706"),
        split("R01,SKU001,3,313,3.52,3.52,0,0,0,0.92,313"),
      ],
      task: "Submit units_sold_next_week for every region_id, sku_id and week in demand_test.csv.",
    }),
  ],
};
