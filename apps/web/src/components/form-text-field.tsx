import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { forwardRef, useId, type ReactNode } from 'react';

export interface FormTextFieldProps extends Omit<
  OutlinedInputProps,
  'label' | 'error' | 'inputRef' | 'notched'
> {
  label: string;
  error?: boolean;
  helperText?: ReactNode;
}

/**
 * A labelled outlined text input with its helper/error text. Built from the input parts rather
 * than TextField, which also bundles Select, Menu and Popover: the public screens stay light.
 */
export const FormTextField = forwardRef<HTMLInputElement, FormTextFieldProps>(function FormTextField(
  { label, error, helperText, required, id, fullWidth = true, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl variant="outlined" margin="normal" fullWidth={fullWidth} error={error} required={required}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        inputRef={ref}
        label={required ? `${label} *` : label}
        aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
