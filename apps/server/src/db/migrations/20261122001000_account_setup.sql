-- Account setup (/initial-setup). A sign-up now creates a default organization flagged
-- initial_setup_required; the flag is cleared by the initial purchase. Every existing
-- organization is unaffected (default false).
alter table organizations add column initial_setup_required boolean not null default false;

-- The survey asked in Account Details ("how did you hear about us"); answer 7 means other.
-- Explicit ids: the web and the API refer to question 1 and answer 7.
insert into survey_questions (id, question, is_active) overriding system value
values (1, 'How did you hear about us?', true)
on conflict (id) do nothing;
insert into survey_answers (id, survey_question_id, answer, sort_order) overriding system value
values
  (1, 1, 'Colleague referral', 1),
  (2, 1, 'Conference or trade show', 2),
  (3, 1, 'Online search', 3),
  (4, 1, 'Social media', 4),
  (5, 1, 'Sales representative', 5),
  (6, 1, 'Existing Archline lab', 6),
  (7, 1, 'Other', 7)
on conflict (id) do nothing;
select setval(pg_get_serial_sequence('survey_questions', 'id'), greatest((select max(id) from survey_questions), 1));
select setval(pg_get_serial_sequence('survey_answers', 'id'), greatest((select max(id) from survey_answers), 1));

-- The start-up fee of the initial order (dollars) and its product.
insert into settings (key, value) values ('start_up_fee', '500.00'::jsonb) on conflict (key) do nothing;
insert into products (code, name) values ('start_up_fee', 'Start-up Fee') on conflict (code) do nothing;
