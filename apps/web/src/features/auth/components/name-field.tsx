import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { capitalizeName } from '../schemas.ts';

/** First/last name input: trimmed and capitalized word by word when the user leaves it. */
export function NameField<T extends FieldValues>({
  form,
  name,
  ...props
}: { form: UseFormReturn<T>; name: Path<T> } & Omit<TextFieldProps, 'name'>) {
  const error = form.formState.errors[name];
  const registration = form.register(name);
  return (
    <TextField
      {...props}
      {...registration}
      onBlur={(event) => {
        const value = capitalizeName(event.target.value);
        form.setValue(name, value as never, { shouldValidate: form.formState.isSubmitted });
        return registration.onBlur(event);
      }}
      error={Boolean(error)}
      helperText={typeof error?.message === 'string' ? error.message : undefined}
    />
  );
}
