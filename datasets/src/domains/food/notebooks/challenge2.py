"""A logistic regression on the six process measurements (the inspector's note is left out), with
the cut-off tuned for F1 on the training data.
"""

# Defined by the setup cell (src/notebook/baseline.py); only the cell below is copied.
from baseline import DATA_DIR, np, pd

# %%
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv(DATA_DIR / "lots_train.csv")
test = pd.read_csv(DATA_DIR / "lots_test.csv")
columns = ["cook_temp_F", "cook_time_min", "chill_time_min", "acidification_pH", "line_speed", "sanitation_gap_min"]
model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
model.fit(train[columns], train["qc_pass"])

# Failures are the minority: pick the probability cut-off that maximises macro-F1 on the training data.
train_prob = model.predict_proba(train[columns])[:, 1]
cutoffs = np.quantile(train_prob, np.linspace(0.02, 0.5, 60))
best = max(cutoffs, key=lambda c: f1_score(train["qc_pass"], train_prob >= c, average="macro"))
submission = pd.DataFrame({
    "lot_id": test["lot_id"],
    "qc_pass": (model.predict_proba(test[columns])[:, 1] >= best).astype(int),
})
