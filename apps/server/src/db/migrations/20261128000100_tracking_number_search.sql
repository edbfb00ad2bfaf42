-- The case list's tracking number filter matches without regard to case: an index of the upper-cased
-- numbers answers it with an index scan.
create index printing_requests_tracking_upper_idx on printing_requests (upper(tracking_number))
  where tracking_number is not null;
