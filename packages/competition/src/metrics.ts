/**
 * Evaluation metrics used by the challenges: how they are shown, which way is better, and the
 * kind of target each scores (a challenge's metric must fit its target).
 */
export const METRICS = {
  macro_f1: { name: "Macro-F1", higherIsBetter: true, target: "label" },
  gini: { name: "Normalized Gini", higherIsBetter: true, target: "numeric" },
  ndcg10: { name: "NDCG@10", higherIsBetter: true, target: "ranking" },
  rmse: { name: "RMSE", higherIsBetter: false, target: "numeric" },
  mse: { name: "MSE", higherIsBetter: false, target: "numeric" },
  mae: { name: "MAE", higherIsBetter: false, target: "numeric" },
} as const;

export type MetricId = keyof typeof METRICS;
