"""A logistic regression on amount, hour, channel and merchant group, with the cut-off tuned for F1
on the training data.
"""

# Defined by the setup cell (src/notebook/baseline.py); only the cell below is copied.
from baseline import DATA_DIR, np, pd

# %%
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score

train = pd.read_csv(DATA_DIR / "transactions_train.csv")
test = pd.read_csv(DATA_DIR / "transactions_test.csv")

def features(df):
    out = pd.DataFrame({
        "log_amount": np.log1p(df["Amount"]),
        "hour": pd.to_datetime(df["Timestamp"]).dt.hour,
    })
    out = out.join(pd.get_dummies(df[["Channel", "MCC_Group"]]).astype(float))
    return out

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = LogisticRegression(max_iter=1000)
model.fit(X_train, train["FraudLabel"])

# Fraud is rare: pick the probability cut-off that maximises F1 on the training data.
train_prob = model.predict_proba(X_train)[:, 1]
cutoffs = np.quantile(train_prob, np.linspace(0.90, 0.999, 60))
best = max(cutoffs, key=lambda c: f1_score(train["FraudLabel"], train_prob >= c, average="macro"))
submission = pd.DataFrame({
    "TxnID": test["TxnID"],
    "FraudLabel": (model.predict_proba(X_test)[:, 1] >= best).astype(int),
})
