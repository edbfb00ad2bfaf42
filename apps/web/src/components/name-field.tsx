import { FormTextField, type FormTextFieldProps } from './form-text-field.tsx';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { normalizeName } from '@archline/contracts/auth';

/** First/last name input: trimmed and capitalized word by word when the user leaves it. */
export function NameField<T extends FieldValues>({
  form,
  name,
  ...props
}: { form: UseFormReturn<T>; name: Path<T> } & Omit<FormTextFieldProps, 'name'>) {
  const error = form.formState.errors[name];
  const { ref, ...registration } = form.register(name);
  return (
    <FormTextField
      {...props}
      {...registration}
      ref={ref}
      onBlur={(event) => {
        const value = normalizeName(event.target.value);
        form.setValue(name, value as never, { shouldValidate: form.formState.isSubmitted });
        return registration.onBlur(event);
      }}
      error={Boolean(error)}
      helperText={typeof error?.message === 'string' ? error.message : undefined}
    />
  );
}
