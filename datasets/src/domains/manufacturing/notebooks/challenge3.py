"""A linear regression on the shift's planned workload columns and one-hot shift."""

# Defined by the setup cell (src/notebook/baseline.py); only the cell below is copied.
from baseline import DATA_DIR, np, pd

# %%
from sklearn.linear_model import LinearRegression

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
})
