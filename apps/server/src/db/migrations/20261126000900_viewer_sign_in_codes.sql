-- The DIBS desktop viewer signs in with a single-use code (one minute, bound to the user) that it
-- exchanges for a session of its own, so no bearer token travels in a deep link.
alter table one_time_tokens drop constraint one_time_tokens_kind_check;
alter table one_time_tokens add constraint one_time_tokens_kind_check
  check (kind in ('verify_email', 'reset_password', 'invitation', 'create_user', 'create_organization', 'viewer_sign_in'));
