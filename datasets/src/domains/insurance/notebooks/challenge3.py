"""A logistic regression on the claim type, the reported damage and the number of parties, with the
cut-off tuned for Macro-F1 on the training data.
"""

# Defined by the setup cell (src/notebook/baseline.py); only the cell below is copied.
from baseline import DATA_DIR, np, pd

# %%
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score

train = pd.read_csv(DATA_DIR / "train_claims.csv")
test = pd.read_csv(DATA_DIR / "test_claims.csv")

def features(df):
    out = pd.DataFrame({
        "log_damage": np.log1p(df["ReportedDamage"]),
        "parties": df["NumParties"],
        "single_party": (df["NumParties"] == 1).astype(float),
    })
    return out.join(pd.get_dummies(df["ClaimType"], prefix="type").astype(float))

X_train = features(train)
X_test = features(test).reindex(columns=X_train.columns, fill_value=0.0)
model = LogisticRegression(max_iter=1000)
model.fit(X_train, train["FraudLabel"])

# Fraud is the minority: pick the probability cut-off that maximises Macro-F1 on the training data.
train_prob = model.predict_proba(X_train)[:, 1]
cutoffs = np.quantile(train_prob, np.linspace(0.50, 0.99, 60))
best = max(cutoffs, key=lambda c: f1_score(train["FraudLabel"], train_prob >= c, average="macro"))
submission = pd.DataFrame({
    "ClaimID": test["ClaimID"],
    "FraudLabel": (model.predict_proba(X_test)[:, 1] >= best).astype(int),
})
