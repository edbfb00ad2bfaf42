import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  AccountDetailsForm,
  DEFAULT_SURVEY_QUESTION_ID,
  SURVEY_OTHER_ANSWER_ID,
  type AccountDetails,
  type AccountDetailsValues,
  type SurveyQuestion,
} from '@archline/contracts';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { PHONE_FIELD, STREET_FIELDS, ZIP_FIELD } from '../../../components/address-fields.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import type { MeUser } from '../../../session/me.ts';
import { NameField } from '../../../components/name-field.tsx';
import { useAccountDetails, useSaveAccountDetails } from '../api/account-details.ts';
import { useSurveyQuestion } from '../api/survey-question.ts';
import { accountDetailsDefaults, surveyErrors } from '../setup-helpers.ts';
import { CountrySelect } from './country-select.tsx';
import { StepActions } from './step-actions.tsx';

type Values = AccountDetailsForm;
type FieldName = keyof Values & string;

const schemaResolver = zodResolver(AccountDetailsForm);

/** The schema, plus the survey rules whenever other fields fail too, so every error shows at once. */
const resolver: Resolver<Values, unknown, AccountDetailsValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const survey = surveyErrors(values);
  if (Object.keys(result.errors).length === 0 || Object.keys(survey).length === 0) return result;
  const errors: FieldErrors<Values> = { ...result.errors };
  for (const [name, message] of Object.entries(survey) as [keyof typeof survey, string][]) {
    errors[name] ??= { type: 'custom', message };
  }
  return { values: {}, errors };
};

const SERVER_FIELDS: FieldName[] = [
  'organization',
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'street_address',
  'street_address_line_2',
  'city',
  'state',
  'country',
  'zip_code',
  'survey_answer_id',
  'survey_response_other',
];

const ADDRESS_FIELDS = [PHONE_FIELD, ...STREET_FIELDS, ZIP_FIELD];

function DetailsForm({
  organizationId,
  user,
  saved,
  question,
  onBack,
  onSaved,
}: {
  organizationId: number;
  user: MeUser;
  saved: AccountDetails;
  question: SurveyQuestion | null;
  onBack: () => void;
  onSaved: () => void;
}) {
  const save = useSaveAccountDetails();
  const form = useForm<Values, unknown, AccountDetailsValues>({
    resolver,
    defaultValues: accountDetailsDefaults(saved, user, question?.id ?? null),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const answerId = useWatch({ control: form.control, name: 'survey_answer_id' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync({
        organizationId,
        body: {
          ...values,
          street_address_line_2: values.street_address_line_2 || null,
          survey_response_other:
            values.survey_answer_id === SURVEY_OTHER_ANSWER_ID ? values.survey_response_other || null : null,
        },
      });
      notifySuccess(result.message);
      onSaved();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, SERVER_FIELDS)) notifyError(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="setup-step-title">
      <Grid container columnSpacing={2}>
        <Grid size={12}>
          <TextField
            {...form.register('organization')}
            label="Organization Name"
            required
            autoComplete="organization"
            error={Boolean(errors.organization)}
            helperText={errors.organization?.message ?? 'The name of your practice'}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <NameField form={form} name="first_name" label="First Name" autoComplete="given-name" required />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <NameField form={form} name="last_name" label="Last Name" autoComplete="family-name" required />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            {...form.register('email')}
            label="Email"
            type="email"
            required
            autoComplete="email"
            error={Boolean(errors.email)}
            helperText={errors.email?.message ?? 'Your sign-in e-mail; it cannot be changed here'}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        </Grid>
        {ADDRESS_FIELDS.map((f) => (
          <Grid key={f.name} size={{ xs: 12, md: 6 }}>
            <TextField
              {...form.register(f.name)}
              label={f.label}
              required={f.required}
              type={f.type}
              autoComplete={f.autoComplete}
              error={Boolean(errors[f.name])}
              helperText={errors[f.name]?.message ?? f.helper}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <CountrySelect
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                required
                error={Boolean(errors.country)}
                helperText={errors.country?.message}
              />
            )}
          />
        </Grid>
      </Grid>

      {question && (
        <FormControl
          component="fieldset"
          error={Boolean(errors.survey_answer_id)}
          required
          sx={{ mt: 3, display: 'block' }}
        >
          <FormLabel component="legend">{question.question}</FormLabel>
          <Controller
            control={form.control}
            name="survey_answer_id"
            render={({ field }) => (
              <RadioGroup
                name={field.name}
                ref={field.ref}
                value={field.value == null ? '' : String(field.value)}
                onChange={(_event, value) => {
                  field.onChange(Number(value));
                  if (Number(value) !== SURVEY_OTHER_ANSWER_ID) form.clearErrors('survey_response_other');
                }}
                onBlur={field.onBlur}
                aria-describedby={errors.survey_answer_id ? 'survey-answer-error' : undefined}
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
              >
                {question.survey_answers.map((a) => (
                  <FormControlLabel key={a.id} value={String(a.id)} control={<Radio />} label={a.answer} />
                ))}
              </RadioGroup>
            )}
          />
          {errors.survey_answer_id && (
            <FormHelperText id="survey-answer-error">{errors.survey_answer_id.message}</FormHelperText>
          )}
        </FormControl>
      )}
      {question && answerId === SURVEY_OTHER_ANSWER_ID && (
        <TextField
          {...form.register('survey_response_other')}
          label="Please tell us where you heard about us"
          required
          error={Boolean(errors.survey_response_other)}
          helperText={errors.survey_response_other?.message}
          sx={{ maxWidth: { md: '50%' } }}
        />
      )}

      <StepActions
        onBack={onBack}
        next={
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Next'}
          </Button>
        }
      />
    </Box>
  );
}

/** Step 1: the practice, the owner's contact and address, and how they heard about Archline. */
export function AccountDetailsStep({
  organizationId,
  user,
  onBack,
  onSaved,
}: {
  organizationId: number;
  user: MeUser;
  onBack: () => void;
  onSaved: () => void;
}) {
  const details = useAccountDetails(organizationId);
  const survey = useSurveyQuestion(DEFAULT_SURVEY_QUESTION_ID);
  if (details.isPending || survey.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4 }}>
        <CircularProgress size={20} aria-hidden="true" /> Loading your account details...
      </Box>
    );
  }
  if (details.isError || survey.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              if (details.isError) void details.refetch();
              if (survey.isError) void survey.refetch();
            }}
          >
            Retry
          </Button>
        }
      >
        {errorMessage(details.error ?? survey.error)}
      </Alert>
    );
  }
  return (
    <DetailsForm
      organizationId={organizationId}
      user={user}
      saved={details.data}
      question={survey.data.has_questions ? survey.data.survey_question : null}
      onBack={onBack}
      onSaved={onSaved}
    />
  );
}
