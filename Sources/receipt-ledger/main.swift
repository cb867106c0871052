import ReceiptLedger

print("receipt-ledger \(ReceiptLedgerInfo.version)")
