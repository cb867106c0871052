#!/usr/bin/env python3
# Makes an SQLite input of signed records for the per-byte comparison with receipts (issue 23):
# each user's history as Server API transaction-history answers (signedTransactions, JWS),
# V2 notifications (signedPayload) and bare JWS, growing like stored receipt answers do.
# Usage: python3 Benchmarks/signed-records.py RECORDS OUT.sqlite [--short-header] [--by-user]
# (see EXPERIMENTS.md, issue 23). Each JWS carries an x5c chain of random bytes of the sizes of
# Apple's production chain (leaf, WWDR intermediate, Root CA G3), as stored records do; rows are
# stored in verified_at order, as a server inserts them. --short-header (a stub chain) and
# --by-user (each user's records together) give the data of the first measurements.
import base64, json, random, sqlite3, sys
n = int(sys.argv[1]); path = sys.argv[2]; flags = set(sys.argv[3:])
random.seed(7)
def b64(b): return base64.urlsafe_b64encode(b).rstrip(b'=').decode()
if '--short-header' in flags:
    HEADER = b64(b'{"alg":"ES256","x5c":["MIIBkTCB+wIJAL..."]}')
else:
    chain = [base64.b64encode(bytes(random.getrandbits(8) for _ in range(size))).decode() for size in (1076, 794, 583)]
    HEADER = b64(json.dumps({"alg": "ES256", "x5c": chain}, separators=(',', ':')).encode())
SIG = b64(bytes(random.getrandbits(8) for _ in range(64)))
def jws(obj): return HEADER + '.' + b64(json.dumps(obj, separators=(',', ':')).encode()) + '.' + SIG
t0 = 1_704_067_200_000
db = sqlite3.connect(path)
db.execute('CREATE TABLE verification_results (id INTEGER PRIMARY KEY, user_id TEXT, verified_at INTEGER, claimed_environment TEXT, response TEXT)')
rid = 0; tx = 10**15; rows = []
users = max(1, n // 8)
for u in range(users):
    otid = tx; history = []
    for k in range(8):
        tx += 1; rid += 1
        purchase = t0 + u * 60_000 + k * 2_592_000_000
        t = {"transactionId": str(tx), "originalTransactionId": str(otid), "webOrderLineItemId": str(tx + 7), "bundleId": "com.example.demoapp",
             "productId": "com.example.demoapp.monthly", "subscriptionGroupIdentifier": "21000000", "purchaseDate": purchase,
             "originalPurchaseDate": t0 + u * 60_000, "expiresDate": purchase + 2_592_000_000, "quantity": 1, "type": "Auto-Renewable Subscription",
             "inAppOwnershipType": "PURCHASED", "signedDate": purchase + 1000, "environment": "Production", "transactionReason": "RENEWAL",
             "storefront": "USA", "storefrontId": "143441", "price": 9990, "currency": "USD", "appTransactionId": str(otid + 3)}
        history.append(t)
        kind = k % 3
        if kind == 0:
            resp = {"revision": str(tx), "bundleId": "com.example.demoapp", "environment": "Production", "hasMore": False,
                    "signedTransactions": [jws(h) for h in history]}
        elif kind == 1:
            resp = {"signedPayload": jws({"notificationType": "DID_RENEW", "notificationUUID": f"{u}-{k}", "signedDate": purchase + 2000, "version": "2.0",
                    "data": {"environment": "Production", "bundleId": "com.example.demoapp", "signedTransactionInfo": jws(t),
                             "signedRenewalInfo": jws({"originalTransactionId": str(otid), "autoRenewStatus": 1, "signedDate": purchase + 2000,
                                                       "productId": "com.example.demoapp.monthly", "environment": "Production"})}})}
        else:
            resp = jws(t)
        rows.append((rid, f"user{u}", purchase + 5000, "Production", json.dumps(resp, separators=(',', ':')) if not isinstance(resp, str) else resp))
if '--by-user' not in flags:
    rows.sort(key=lambda row: (row[2], row[0]))
    rows = [(number + 1,) + row[1:] for number, row in enumerate(rows)]
db.executemany('INSERT INTO verification_results VALUES (?,?,?,?,?)', rows)
db.commit()
print(rid, "records")
