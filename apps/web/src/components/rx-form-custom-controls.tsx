import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FORM_BUILDER_MAX_FILES,
  FORM_BUILDER_MESSAGES,
  customControls,
  type CustomFileValue,
  type ExistingFieldName,
  type FormControl as LayoutControl,
  type FormLayout,
} from '@archline/contracts/form-builder';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Controller, get, useFormState, type Control, type FieldValues, type Path } from 'react-hook-form';
import { MarkerBadge } from './marker-badge.tsx';

/** Where a custom control's value lives in the form: `${namePrefix}.${custom_system_name}`. */
export const DEFAULT_CUSTOM_VALUES_NAME = 'custom_field_values';

export interface CustomControlsProps<T extends FieldValues> {
  /** The react-hook-form control of the surrounding form. */
  control: Control<T>;
  /** The object in the form values holding the custom values (default 'custom_field_values'). */
  namePrefix?: string;
  disabled?: boolean;
  /**
   * Uploads one file of a file control and answers its stored value. Without it, file controls
   * are shown but cannot take files (the settings preview).
   */
  uploadFile?: (file: File) => Promise<CustomFileValue>;
}

export interface RxFormLayoutProps<T extends FieldValues> extends CustomControlsProps<T> {
  layout: FormLayout;
  /** Renders a built-in field where the layout places it (null hides it). */
  renderExisting: (name: ExistingFieldName, control: LayoutControl) => ReactNode;
  /** Built-in fields hidden for the organization (RxForm preference). */
  hiddenFields?: readonly string[];
}

/**
 * The RxForm as its layout arranges it: sections of columns, dividers, built-in fields through
 * `renderExisting` and the custom controls bound to the surrounding react-hook-form form.
 */
export function RxFormLayout<T extends FieldValues>({
  layout,
  renderExisting,
  hiddenFields = [],
  ...props
}: RxFormLayoutProps<T>) {
  return (
    <Stack spacing={3}>
      {layout.map((item) => {
        if (item.type === 'divider') return <Divider key={item.id} />;
        const columns = item.columns.length;
        return (
          <Grid container spacing={3} key={item.id} data-testid="rx-form-section">
            {item.columns.map((column) => (
              <Grid key={column.id} size={{ xs: 12, md: 12 / columns }}>
                <Stack spacing={2.5}>
                  {column.controls.map((control) => {
                    if (control.system_type === 'existing') {
                      if (hiddenFields.includes(control.system_name)) return null;
                      const node = renderExisting(control.system_name as ExistingFieldName, control);
                      return node === null ? null : <Box key={control.id}>{node}</Box>;
                    }
                    return <CustomControlField key={control.id} layoutControl={control} {...props} />;
                  })}
                </Stack>
              </Grid>
            ))}
          </Grid>
        );
      })}
    </Stack>
  );
}

/**
 * Only the custom controls of a layout, in reading order, bound to the surrounding
 * react-hook-form form; 'No additional fields exists' when the layout has none. Validate them
 * with `customControlsSchema(layout)` and start them from `customControlDefaults(layout)`.
 */
export function RxFormCustomControls<T extends FieldValues>({
  layout,
  ...props
}: CustomControlsProps<T> & { layout: FormLayout }) {
  const controls = customControls(layout);
  if (controls.length === 0)
    return <Typography color="text.secondary">{FORM_BUILDER_MESSAGES.noAdditionalFields}</Typography>;
  return (
    <Stack spacing={2.5}>
      {controls.map((control) => (
        <CustomControlField key={control.id} layoutControl={control} {...props} />
      ))}
    </Stack>
  );
}

function InfoLink({ control }: { control: LayoutControl }) {
  if (!control.props.info_link) return null;
  return (
    <Link href={control.props.info_link} target="_blank" rel="noopener noreferrer" variant="body2">
      {control.props.info_link_text || 'More information'}
    </Link>
  );
}

function OptionLabel({ name, marker }: { name: string; marker?: LayoutControl['marker'] }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
      {name}
      {marker && <MarkerBadge marker={marker} />}
    </Box>
  );
}

/** One custom control bound to the form. */
export function CustomControlField<T extends FieldValues>({
  layoutControl,
  control,
  namePrefix = DEFAULT_CUSTOM_VALUES_NAME,
  disabled,
  uploadFile,
}: CustomControlsProps<T> & { layoutControl: LayoutControl }) {
  const name = `${namePrefix}.${layoutControl.custom_system_name}` as Path<T>;
  const { errors } = useFormState({ control, name });
  const error = get(errors, name) as { message?: string } | undefined;
  const errorText = error?.message;
  const { props, rules } = layoutControl;
  const required = rules.required;
  const helpId = useId();
  const options = props.options ?? [];
  const description = props.description ? props.description : undefined;

  const helper = (
    <>
      {description && <FormHelperText>{description}</FormHelperText>}
      {errorText && (
        <FormHelperText error id={`${helpId}-error`}>
          {errorText}
        </FormHelperText>
      )}
      <InfoLink control={layoutControl} />
    </>
  );

  switch (layoutControl.system_type) {
    case 'dropdown':
      return (
        <Box data-testid="custom-control">
          <Controller
            name={name}
            control={control}
            render={({ field }) => (
              <TextField
                select
                fullWidth
                label={props.label}
                required={required}
                disabled={disabled}
                value={(field.value as string | null) ?? ''}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(errorText)}
              >
                {!required && (
                  <MenuItem value="">
                    <em>None</em>
                  </MenuItem>
                )}
                {options.map((o) => (
                  <MenuItem key={o.id} value={o.id}>
                    <OptionLabel name={o.name} marker={o.marker} />
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {helper}
        </Box>
      );
    case 'radios':
    case 'checkboxes':
      return (
        <Controller
          name={name}
          control={control}
          render={({ field }) => {
            const many = layoutControl.system_type === 'checkboxes';
            const chosen: string[] = many ? ((field.value as string[] | null) ?? []) : [];
            return (
              <FormControl
                component="fieldset"
                error={Boolean(errorText)}
                required={required}
                disabled={disabled}
                data-testid="custom-control"
              >
                <FormLabel component="legend">{props.label}</FormLabel>
                {many ? (
                  <FormGroup>
                    {options.map((o) => (
                      <FormControlLabel
                        key={o.id}
                        label={<OptionLabel name={o.name} marker={o.marker} />}
                        control={
                          <Checkbox
                            checked={chosen.includes(o.id)}
                            onBlur={field.onBlur}
                            onChange={(e) =>
                              field.onChange(
                                e.target.checked ? [...chosen, o.id] : chosen.filter((id) => id !== o.id),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                ) : (
                  <RadioGroup
                    value={(field.value as string | null) ?? ''}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                  >
                    {options.map((o) => (
                      <FormControlLabel
                        key={o.id}
                        value={o.id}
                        control={<Radio />}
                        label={<OptionLabel name={o.name} marker={o.marker} />}
                      />
                    ))}
                  </RadioGroup>
                )}
                {helper}
              </FormControl>
            );
          }}
        />
      );
    case 'terms':
      return (
        <Controller
          name={name}
          control={control}
          render={({ field }) => (
            <FormControl error={Boolean(errorText)} disabled={disabled} data-testid="custom-control">
              <FormControlLabel
                label={props.label}
                control={
                  <Checkbox
                    checked={field.value === 1 || field.value === '1' || field.value === true}
                    onChange={(e) => field.onChange(e.target.checked ? 1 : null)}
                    onBlur={field.onBlur}
                  />
                }
              />
              {helper}
            </FormControl>
          )}
        />
      );
    case 'file':
      return (
        <Controller
          name={name}
          control={control}
          render={({ field }) => (
            <FileControl
              label={props.label}
              required={required}
              disabled={disabled}
              files={(field.value as CustomFileValue[] | null) ?? []}
              onChange={field.onChange}
              uploadFile={uploadFile}
              helper={helper}
              invalid={Boolean(errorText)}
            />
          )}
        />
      );
    case 'paragraph':
    case 'text':
    default: {
      const type = layoutControl.system_type === 'text' ? (props.type ?? 'text') : 'text';
      return (
        <Box data-testid="custom-control">
          <Controller
            name={name}
            control={control}
            render={({ field }) => (
              <TextField
                fullWidth
                label={props.label}
                required={required}
                disabled={disabled}
                type={type}
                multiline={layoutControl.system_type === 'paragraph'}
                minRows={layoutControl.system_type === 'paragraph' ? 3 : undefined}
                value={(field.value as string | number | null) ?? ''}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(errorText)}
                autoComplete={type === 'password' ? 'new-password' : 'off'}
                slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
              />
            )}
          />
          {helper}
        </Box>
      );
    }
  }
}

function FileControl({
  label,
  required,
  disabled,
  files,
  onChange,
  uploadFile,
  helper,
  invalid,
}: {
  label: string;
  required: boolean;
  disabled?: boolean;
  files: CustomFileValue[];
  onChange: (files: CustomFileValue[]) => void;
  uploadFile?: (file: File) => Promise<CustomFileValue>;
  helper: ReactNode;
  invalid: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const labelId = useId();
  const canUpload = Boolean(uploadFile) && !disabled && files.length < FORM_BUILDER_MAX_FILES;

  const onFiles = async (list: FileList | null) => {
    if (!list || !uploadFile) return;
    setFailure(null);
    setBusy(true);
    const added: CustomFileValue[] = [];
    try {
      for (const file of Array.from(list).slice(0, FORM_BUILDER_MAX_FILES - files.length)) {
        if (files.some((f) => f.name === file.name) || added.some((f) => f.name === file.name)) {
          setFailure('File with such name already exists.');
          continue;
        }
        added.push(await uploadFile(file));
      }
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The file could not be uploaded.');
    } finally {
      setBusy(false);
      if (added.length) onChange([...files, ...added]);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <FormControl
      component="fieldset"
      error={invalid || Boolean(failure)}
      required={required}
      disabled={disabled}
      data-testid="custom-control"
    >
      <FormLabel component="legend" id={labelId}>
        {label}
      </FormLabel>
      <Box sx={{ mt: 1 }}>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-labelledby={labelId}
          onChange={(e) => void onFiles(e.target.files)}
        />
        <Button variant="outlined" disabled={!canUpload || busy} onClick={() => input.current?.click()}>
          Choose files
        </Button>
        {!uploadFile && <FormHelperText>Files are attached when a case is started.</FormHelperText>}
        {busy && <LinearProgress sx={{ mt: 1 }} aria-label={`Uploading to ${label}`} />}
      </Box>
      {files.length > 0 && (
        <List dense>
          {files.map((file) => (
            <ListItem
              key={file.file_path}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${file.name}`}
                  disabled={disabled}
                  onClick={() => onChange(files.filter((f) => f.file_path !== file.file_path))}
                >
                  <Box component="span" aria-hidden sx={{ fontSize: 18, lineHeight: 1 }}>
                    ×
                  </Box>
                </IconButton>
              }
            >
              <ListItemText primary={file.name} />
            </ListItem>
          ))}
        </List>
      )}
      {failure && <FormHelperText error>{failure}</FormHelperText>}
      {helper}
    </FormControl>
  );
}
