-- The label's Auto Layout fields: content hugging and compression resistance priorities per
-- axis (JSON objects {horizontal, vertical}, NULL = UIKit's 250 and 750), and the device it is
-- laid out on (a device name, NULL = the width its file was designed at). Existing labels keep
-- NULL: their definitions and input hashes are unchanged, so nothing is queued.
ALTER TABLE labels ADD COLUMN content_hugging TEXT;
ALTER TABLE labels ADD COLUMN compression_resistance TEXT;
ALTER TABLE labels ADD COLUMN device TEXT;
