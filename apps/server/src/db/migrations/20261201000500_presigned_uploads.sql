-- Uploads that go straight to the bucket (S3 storage, presigned PUT) record the size the URL was
-- bound to: the file is stored only when the object found in the bucket has exactly that size.
-- Null for uploads received by the server itself.
alter table uploads add column presigned_size bigint check (presigned_size >= 0);
