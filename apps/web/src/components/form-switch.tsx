import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface FormSwitchProps<T extends FieldValues, C = unknown, O = T> {
  control: Control<T, C, O>;
  /** A boolean field of the form. */
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
}

/** A labelled switch bound to a boolean field of a react-hook-form form. */
export function FormSwitch<T extends FieldValues, C = unknown, O = T>({
  control,
  name,
  label,
  disabled,
}: FormSwitchProps<T, C, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Switch
              name={field.name}
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              disabled={disabled}
            />
          }
        />
      )}
    />
  );
}
