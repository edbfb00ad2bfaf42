-- File integrity: the SHA-256 (hex) of the bytes, recorded when they are stored. Null for files
-- stored before this migration (`npm run files:verify` reports them).
ALTER TABLE patient_files ADD COLUMN sha256 text;
ALTER TABLE uploads ADD COLUMN sha256 text;
ALTER TABLE patient_files ADD CONSTRAINT patient_files_sha256_format CHECK (sha256 ~ '^[0-9a-f]{64}$');
ALTER TABLE uploads ADD CONSTRAINT uploads_sha256_format CHECK (sha256 ~ '^[0-9a-f]{64}$');
