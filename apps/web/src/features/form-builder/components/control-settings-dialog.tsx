import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONTROL_TYPE_LABELS,
  ControlSchema,
  FORM_BUILDER_MESSAGES,
  TEXT_INPUT_TYPES,
  controlIssues,
  hasOptions,
  normalizeMarker,
  supportsMarkers,
  type FormControl,
  type Marker,
} from '@archline/contracts/form-builder';
import { useState } from 'react';
import { newId } from '../layout-editing.ts';
import { MarkerBadge } from '../../../components/marker-badge.tsx';

type Errors = Record<string, string>;

/** Validates a control's settings: the field errors by path ('props.label', 'props.options.0.name', ...). */
export function validateControl(
  control: FormControl,
  otherAttributeNames: readonly string[],
): { control?: FormControl; errors: Errors } {
  const candidate: FormControl = {
    ...control,
    temporary: undefined,
    marker: normalizeMarker(control.marker),
    props: {
      ...control.props,
      options: control.props.options?.map((o) => ({ ...o, marker: normalizeMarker(o.marker) })),
    },
  };
  const errors: Errors = {};
  const parsed = ControlSchema.safeParse(candidate);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  for (const [path, message] of Object.entries(controlIssues(candidate))) errors[path] ??= message;
  if (candidate.custom_system_name && otherAttributeNames.includes(candidate.custom_system_name))
    errors.custom_system_name ??= FORM_BUILDER_MESSAGES.attributeNameUnique;
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  const { temporary: _temporary, ...saved } = parsed.data;
  return { control: saved, errors };
}

function MarkerFields({
  idPrefix,
  name,
  marker,
  errors,
  errorPath,
  onChange,
}: {
  idPrefix: string;
  name: string;
  marker: Partial<Marker> | null | undefined;
  errors: Errors;
  errorPath: string;
  onChange: (marker: Partial<Marker>) => void;
}) {
  const complete = normalizeMarker(marker);
  const valid = complete && /^#[0-9A-Fa-f]{6}$/.test(complete.color) && [...complete.symbol].length === 1;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-start' } }}
      data-testid="marker-row"
    >
      <Typography sx={{ minWidth: 140, pt: { sm: 2 } }}>{name}</Typography>
      <TextField
        id={`${idPrefix}-symbol`}
        label="Symbol"
        slotProps={{ htmlInput: { 'aria-label': `Marker symbol for ${name}` } }}
        value={marker?.symbol ?? ''}
        onChange={(e) => onChange({ ...marker, symbol: e.target.value })}
        error={Boolean(errors[`${errorPath}.symbol`])}
        helperText={errors[`${errorPath}.symbol`] ?? 'One character'}
        sx={{ width: { sm: 200 } }}
      />
      <TextField
        id={`${idPrefix}-color`}
        label="Colour"
        slotProps={{ htmlInput: { 'aria-label': `Marker colour for ${name}` } }}
        placeholder="#1E88E5"
        value={marker?.color ?? ''}
        onChange={(e) => onChange({ ...marker, color: e.target.value })}
        error={Boolean(errors[`${errorPath}.color`])}
        helperText={errors[`${errorPath}.color`] ?? '6-digit hex colour'}
        sx={{ width: { sm: 220 } }}
      />
      <Box sx={{ pt: { sm: 2 }, minWidth: 30 }}>{valid && complete && <MarkerBadge marker={complete} />}</Box>
    </Stack>
  );
}

/**
 * The settings of one control. A new control is temporary: Cancel removes it. Save checks the
 * rules and clears the flag; Delete removes a saved control.
 */
export function ControlSettingsDialog({
  control: initial,
  otherAttributeNames,
  onSave,
  onCancel,
  onDelete,
}: {
  control: FormControl;
  otherAttributeNames: readonly string[];
  onSave: (control: FormControl) => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const [control, setControl] = useState<FormControl>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const type = control.system_type;
  const options = control.props.options ?? [];
  const setProps = (props: Partial<FormControl['props']>) =>
    setControl((c) => ({ ...c, props: { ...c.props, ...props } }));
  const setOption = (index: number, change: Partial<(typeof options)[number]>) =>
    setProps({ options: options.map((o, i) => (i === index ? { ...o, ...change } : o)) });
  const titleId = 'control-settings-title';

  const save = () => {
    const result = validateControl(control, otherAttributeNames);
    setErrors(result.errors);
    if (result.control) onSave(result.control);
  };

  return (
    <Dialog open onClose={onCancel} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{CONTROL_TYPE_LABELS[type]} settings</DialogTitle>
      <DialogContent dividers>
        <Stack
          component="form"
          noValidate
          spacing={2.5}
          aria-labelledby={titleId}
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <TextField
            label={type === 'terms' ? 'Terms text' : 'Label'}
            required
            autoFocus
            multiline={type === 'terms'}
            value={control.props.label}
            onChange={(e) => setProps({ label: e.target.value })}
            error={Boolean(errors['props.label'])}
            helperText={errors['props.label']}
          />
          <TextField
            label="Attribute name"
            required
            value={control.custom_system_name ?? ''}
            onChange={(e) => setControl((c) => ({ ...c, custom_system_name: e.target.value }))}
            error={Boolean(errors.custom_system_name)}
            helperText={errors.custom_system_name ?? 'The name the value is stored under, e.g. tray_colour'}
          />
          {type === 'text' && (
            <TextField
              select
              label="Input type"
              value={control.props.type ?? 'text'}
              onChange={(e) => setProps({ type: e.target.value as (typeof TEXT_INPUT_TYPES)[number] })}
            >
              {TEXT_INPUT_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {t[0]!.toUpperCase() + t.slice(1)}
                </MenuItem>
              ))}
            </TextField>
          )}

          {hasOptions(type) && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
                Options
              </Typography>
              {errors['props.options'] && (
                <Typography color="error" variant="body2" role="alert" sx={{ mb: 1 }}>
                  {errors['props.options']}
                </Typography>
              )}
              <Stack spacing={1.5}>
                {options.map((option, index) => (
                  <Stack key={option.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <TextField
                      label={`Option ${index + 1}`}
                      required
                      value={option.name}
                      onChange={(e) => setOption(index, { name: e.target.value })}
                      error={Boolean(errors[`props.options.${index}.name`])}
                      helperText={errors[`props.options.${index}.name`]}
                      sx={{ flex: 1 }}
                    />
                    <IconButton
                      aria-label={`Remove option ${index + 1}`}
                      onClick={() => setProps({ options: options.filter((_, i) => i !== index) })}
                      sx={{ mt: 1 }}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Stack>
                ))}
              </Stack>
              <Button
                startIcon={<AddIcon />}
                onClick={() => setProps({ options: [...options, { id: newId('option'), name: '' }] })}
                sx={{ mt: 1 }}
              >
                Add Option
              </Button>
            </Box>
          )}

          <TextField
            label="Description"
            multiline
            minRows={2}
            value={control.props.description ?? ''}
            onChange={(e) => setProps({ description: e.target.value })}
            error={Boolean(errors['props.description'])}
            helperText={errors['props.description']}
          />

          {(type === 'text' || type === 'paragraph') && (
            <TextField
              label="Default value"
              value={typeof control.props.default === 'string' ? control.props.default : ''}
              onChange={(e) => setProps({ default: e.target.value })}
            />
          )}
          {(type === 'dropdown' || type === 'radios' || type === 'checkboxes') && (
            <TextField
              select
              label="Default value"
              value={
                type === 'checkboxes'
                  ? Array.isArray(control.props.default)
                    ? control.props.default.filter((id) => options.some((o) => o.id === id))
                    : []
                  : typeof control.props.default === 'string' &&
                      options.some((o) => o.id === control.props.default)
                    ? control.props.default
                    : ''
              }
              onChange={(e) => {
                const value = e.target.value as unknown;
                setProps({ default: type === 'checkboxes' ? (value as string[]) : (value as string) });
              }}
              slotProps={{ select: { multiple: type === 'checkboxes' } }}
            >
              {type !== 'checkboxes' && (
                <MenuItem value="">
                  <em>None</em>
                </MenuItem>
              )}
              {options.map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {o.name || `(unnamed option)`}
                </MenuItem>
              ))}
            </TextField>
          )}

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Information link"
              placeholder="https://"
              value={control.props.info_link ?? ''}
              onChange={(e) => setProps({ info_link: e.target.value })}
              error={Boolean(errors['props.info_link'])}
              helperText={errors['props.info_link']}
              sx={{ flex: 2 }}
            />
            <TextField
              label="Information link text"
              value={control.props.info_link_text ?? ''}
              onChange={(e) => setProps({ info_link_text: e.target.value })}
              sx={{ flex: 1 }}
            />
          </Stack>

          {type !== 'terms' && (
            <FormControlLabel
              control={
                <Switch
                  checked={control.rules.required}
                  onChange={(e) =>
                    setControl((c) => ({ ...c, rules: { ...c.rules, required: e.target.checked } }))
                  }
                />
              }
              label="Required"
            />
          )}

          <Box component="section" aria-labelledby="marker-editor-title">
            <Typography id="marker-editor-title" component="h3" variant="subtitle1" sx={{ mb: 1 }}>
              Markers
            </Typography>
            {!supportsMarkers(type) ? (
              <Typography color="text.secondary">{FORM_BUILDER_MESSAGES.markerOnFile}</Typography>
            ) : hasOptions(type) ? (
              options.length === 0 ? (
                <Typography color="text.secondary">{FORM_BUILDER_MESSAGES.noOptions}</Typography>
              ) : (
                <Stack spacing={1.5}>
                  {options.map((option, index) => (
                    <MarkerFields
                      key={option.id}
                      idPrefix={`marker-${option.id}`}
                      name={option.name || `Option ${index + 1}`}
                      marker={option.marker}
                      errors={errors}
                      errorPath={`props.options.${index}.marker`}
                      onChange={(marker) => setOption(index, { marker: marker as Marker })}
                    />
                  ))}
                </Stack>
              )
            ) : (
              <MarkerFields
                idPrefix="marker-control"
                name={control.props.label || 'This control'}
                marker={control.marker}
                errors={errors}
                errorPath="marker"
                onChange={(marker) => setControl((c) => ({ ...c, marker: marker as Marker }))}
              />
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              A marker needs both a symbol and a colour; otherwise it is cleared.
            </Typography>
          </Box>
          {/* Enter in a field saves. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Stack>
      </DialogContent>
      <DialogActions>
        {!initial.temporary && (
          <Button color="error" onClick={onDelete} sx={{ mr: 'auto' }}>
            Delete
          </Button>
        )}
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={save}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
