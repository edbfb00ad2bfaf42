import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BankForm,
  CardForm,
  type BankValues,
  type CardValues,
  type PaymentMethodType,
} from '@archline/contracts';
import { useId, useRef, useState } from 'react';
import { Controller, useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { AltchaField, type AltchaFieldHandle } from '../../../components/altcha-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useAddPaymentMethod } from '../api/payment-methods.ts';
import { cardProcessor, type TokenizeResult } from '../card-processor.ts';

const ALTCHA_REQUIRED = 'Please complete the verification.';

type CardInput = CardForm;
type BankInput = BankForm;

const EMPTY_CARD: CardInput = {
  card_number: '',
  expiry_month: '',
  expiry_year: '',
  cvv: '',
  name_on_card: '',
};
const EMPTY_BANK: BankInput = {
  bank_name: '',
  bank_account: '',
  bank_routing: '',
  bank_holder_type: 'personal',
  bank_type: 'savings',
};

/** Puts the processor's field errors on the form; true when at least one field took a message. */
function applyTokenErrors<T extends FieldValues>(
  result: Extract<TokenizeResult<string>, { ok: false }>,
  form: UseFormReturn<T, unknown, unknown>,
): boolean {
  let applied = false;
  for (const [field, message] of Object.entries(result.fieldErrors)) {
    if (!message) continue;
    form.setError(field as Path<T>, { type: 'processor', message });
    applied = true;
  }
  return applied;
}

function CardFields({ form }: { form: UseFormReturn<CardInput, unknown, CardValues> }) {
  const { errors } = form.formState;
  return (
    <Grid container columnSpacing={2}>
      <Grid size={{ xs: 12, md: 8 }}>
        <TextField
          {...form.register('card_number')}
          label="Card Number"
          required
          autoComplete="cc-number"
          error={Boolean(errors.card_number)}
          helperText={errors.card_number?.message}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <TextField
          {...form.register('cvv')}
          label="CVV"
          required
          autoComplete="cc-csc"
          error={Boolean(errors.cvv)}
          helperText={errors.cvv?.message ?? '3 digits, 4 for American Express'}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <TextField
          {...form.register('expiry_month')}
          label="Expiry Month"
          required
          placeholder="MM"
          autoComplete="cc-exp-month"
          error={Boolean(errors.expiry_month)}
          helperText={errors.expiry_month?.message ?? 'MM'}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <TextField
          {...form.register('expiry_year')}
          label="Expiry Year"
          required
          placeholder="YYYY"
          autoComplete="cc-exp-year"
          error={Boolean(errors.expiry_year)}
          helperText={errors.expiry_year?.message ?? 'YYYY'}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          {...form.register('name_on_card')}
          label="Name on Card"
          required
          autoComplete="cc-name"
          error={Boolean(errors.name_on_card)}
          helperText={errors.name_on_card?.message}
        />
      </Grid>
    </Grid>
  );
}

function ChoiceGroup<T extends FieldValues>({
  form,
  name,
  label,
  options,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  name: Path<T>;
  label: string;
  options: { value: string; label: string }[];
}) {
  return (
    <FormControl component="fieldset" required sx={{ mt: 2 }}>
      <FormLabel component="legend">{label}</FormLabel>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <RadioGroup row name={field.name} value={field.value} onChange={field.onChange} ref={field.ref}>
            {options.map((o) => (
              <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
            ))}
          </RadioGroup>
        )}
      />
    </FormControl>
  );
}

function BankFields({ form }: { form: UseFormReturn<BankInput, unknown, BankValues> }) {
  const { errors } = form.formState;
  return (
    <>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            {...form.register('bank_name')}
            label="Bank Name"
            required
            error={Boolean(errors.bank_name)}
            helperText={errors.bank_name?.message}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            {...form.register('bank_routing')}
            label="Routing Number"
            required
            error={Boolean(errors.bank_routing)}
            helperText={errors.bank_routing?.message ?? '9 digits'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            {...form.register('bank_account')}
            label="Account Number"
            required
            error={Boolean(errors.bank_account)}
            helperText={errors.bank_account?.message}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 17 } }}
          />
        </Grid>
      </Grid>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 6 }}>
        <ChoiceGroup
          form={form}
          name="bank_holder_type"
          label="Account Holder"
          options={[
            { value: 'personal', label: 'Personal' },
            { value: 'business', label: 'Business' },
          ]}
        />
        <ChoiceGroup
          form={form}
          name="bank_type"
          label="Account Type"
          options={[
            { value: 'checking', label: 'Checking' },
            { value: 'savings', label: 'Savings' },
          ]}
        />
      </Box>
    </>
  );
}

/**
 * Adds a card or a bank account: the details are checked and tokenized in the browser by the card
 * processor, and only the token goes to our server, with a solved ALTCHA bot check.
 */
export function PaymentMethodForm({
  organizationId,
  onAdded,
  onCancel,
}: {
  organizationId: number;
  onAdded: () => void;
  onCancel?: () => void;
}) {
  const headingId = useId();
  const add = useAddPaymentMethod();
  const [type, setType] = useState<PaymentMethodType>('card');
  const [formError, setFormError] = useState<string>();
  const altchaRef = useRef<AltchaFieldHandle>(null);
  const [altcha, setAltcha] = useState('');
  const [altchaError, setAltchaError] = useState<string>();
  const cardForm = useForm<CardInput, unknown, CardValues>({
    resolver: zodResolver(CardForm),
    defaultValues: EMPTY_CARD,
    mode: 'onTouched',
  });
  const bankForm = useForm<BankInput, unknown, BankValues>({
    resolver: zodResolver(BankForm),
    defaultValues: EMPTY_BANK,
    mode: 'onTouched',
  });
  const busy = cardForm.formState.isSubmitting || bankForm.formState.isSubmitting;

  const save = async (
    tokenize: () => Promise<TokenizeResult<string>>,
    onFieldErrors: (failure: Extract<TokenizeResult<string>, { ok: false }>) => boolean,
    reset: () => void,
  ) => {
    setFormError(undefined);
    if (!altcha) {
      setAltchaError(ALTCHA_REQUIRED);
      return;
    }
    setAltchaError(undefined);
    const token = await tokenize();
    if (!token.ok) {
      if (!onFieldErrors(token)) setFormError(token.message);
      return;
    }
    try {
      const result = await add.mutateAsync({ organization_id: organizationId, token: token.token, altcha });
      notifySuccess(result.message);
      reset();
      onAdded();
    } catch (error) {
      if (error instanceof ApiError && error.errors.altcha?.[0]) setAltchaError(error.errors.altcha[0]);
      else setFormError(errorMessage(error));
    } finally {
      // A challenge is accepted once: the widget solves a fresh one for the next attempt.
      altchaRef.current?.reset();
    }
  };

  const onSubmitCard = cardForm.handleSubmit((values) =>
    save(
      () => cardProcessor.tokenizeCard(values),
      (r) => applyTokenErrors(r, cardForm),
      () => cardForm.reset(EMPTY_CARD),
    ),
  );
  const onSubmitBank = bankForm.handleSubmit((values) =>
    save(
      () => cardProcessor.tokenizeBank(values),
      (r) => applyTokenErrors(r, bankForm),
      () => bankForm.reset(EMPTY_BANK),
    ),
  );

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={headingId}
      onSubmit={type === 'card' ? onSubmitCard : onSubmitBank}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 2, sm: 3 }, mt: 2 }}
    >
      <Typography id={headingId} variant="h6" component="h3">
        Add a Payment Method
      </Typography>
      <FormControl component="fieldset" sx={{ mt: 1 }}>
        <FormLabel component="legend">Payment method type</FormLabel>
        <RadioGroup
          row
          name="payment_method_type"
          value={type}
          onChange={(_e, value) => {
            setType(value as PaymentMethodType);
            setFormError(undefined);
          }}
        >
          <FormControlLabel value="card" control={<Radio />} label="Credit Card (1.49% fee)" />
          <FormControlLabel value="bank" control={<Radio />} label="Bank Account (ACH, no fee)" />
        </RadioGroup>
      </FormControl>
      {type === 'card' ? <CardFields form={cardForm} /> : <BankFields form={bankForm} />}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {type === 'card'
          ? 'Your card details go to our payment processor only; Archline never stores the card number.'
          : 'Your account details go to our payment processor only; Archline never stores the account number.'}
      </Typography>
      <AltchaField
        ref={altchaRef}
        onChange={(payload) => {
          setAltcha(payload);
          if (payload) setAltchaError(undefined);
        }}
        error={altchaError}
      />
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" color="secondary" disabled={busy}>
          {busy ? 'Saving...' : type === 'card' ? 'Save Card' : 'Save Bank Account'}
        </Button>
      </Box>
    </Box>
  );
}
