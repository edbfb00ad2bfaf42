import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  customControlDefaults,
  customControlsSchema,
  type FormBuilderLayout,
  type FormLayout,
} from '@archline/contracts/form-builder';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useLayout, useResetLayout, useSaveLayout } from '../api/layouts.ts';
import { FormBuilderDialog, serverIssues } from './form-builder-dialog.tsx';
import { DEFAULT_CUSTOM_VALUES_NAME, RxFormLayout } from '../../../components/rx-form-custom-controls.tsx';

/**
 * A preview of a layout with the case form's renderer: built-in fields as labelled placeholders,
 * custom controls live, and Check Values to try their rules.
 */
export function LayoutPreview({ layout }: { layout: FormLayout }) {
  const schema = useMemo(
    () => z.object({ [DEFAULT_CUSTOM_VALUES_NAME]: customControlsSchema(layout) }),
    [layout],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { [DEFAULT_CUSTOM_VALUES_NAME]: customControlDefaults(layout) },
  });
  const [checked, setChecked] = useState(false);
  return (
    <Box
      component="form"
      noValidate
      aria-label="RxForm preview"
      onSubmit={form.handleSubmit(
        () => setChecked(true),
        () => setChecked(false),
      )}
    >
      <RxFormLayout
        layout={layout}
        control={form.control}
        renderExisting={(_name, control) => (
          <Box
            data-testid="built-in-field"
            sx={{
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 1,
              px: 1.5,
              py: 1.25,
            }}
          >
            <Typography variant="body2">{control.props.label}</Typography>
            <Typography variant="caption" color="text.secondary">
              Built-in field
            </Typography>
          </Box>
        )}
      />
      <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center' }}>
        <Button type="submit" variant="outlined">
          Check Values
        </Button>
        {checked && form.formState.isSubmitSuccessful && (
          <Alert severity="success" sx={{ py: 0 }}>
            The values meet the form's rules.
          </Alert>
        )}
      </Stack>
    </Box>
  );
}

function ResetDialog({
  onCancel,
  onConfirm,
  busy,
}: {
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  return (
    <Dialog open onClose={onCancel} aria-labelledby="reset-layout-title" aria-describedby="reset-layout-text">
      <DialogTitle id="reset-layout-title">Reset to Default</DialogTitle>
      <DialogContent>
        <DialogContentText id="reset-layout-text">
          The organization's own RxForm layout will be removed and its cases will use the default layout. Do
          you want to proceed?
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {busy ? 'Resetting...' : 'Reset to Default'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Customize RxForm: the preview of the default layout (organizationId null) or of an
 * organization's layout, Edit Form opening the builder, and for an organization Reset to Default.
 */
export function CustomizeRxForm({
  organizationId = null,
  canEdit,
}: {
  organizationId?: number | null;
  canEdit: boolean;
}) {
  const query = useLayout(organizationId);
  const save = useSaveLayout(organizationId);
  const reset = useResetLayout(organizationId ?? 0);
  const [editing, setEditing] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const titleId =
    organizationId === null ? 'customize-default-rxform-title' : 'customize-organization-rxform-title';

  const onSave = async (current: FormBuilderLayout, formData: FormLayout) => {
    try {
      const result = await save.mutateAsync({ current, formData });
      notifySuccess(result.message);
      setEditing(false);
      return null;
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) return serverIssues(error.errors);
      notifyError(error);
      return [];
    }
  };

  const layout = query.data;
  const own = layout && organizationId !== null && !layout.is_default;

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={organizationId === null ? 'Customize Default RxForm' : 'Customize RxForm'}
        subheader={
          layout && organizationId !== null ? (
            <Chip
              size="small"
              sx={{ mt: 0.5 }}
              label={own ? 'Organization layout' : 'Default layout'}
              color={own ? 'primary' : 'default'}
            />
          ) : undefined
        }
        slotProps={{ title: { id: titleId, component: 'h2', variant: 'h6' } }}
        action={
          layout &&
          canEdit && (
            <Stack direction="row" spacing={1}>
              {own && (
                <Button color="error" onClick={() => setConfirmReset(true)}>
                  Reset to Default
                </Button>
              )}
              <Button variant="contained" onClick={() => setEditing(true)}>
                Edit Form
              </Button>
            </Stack>
          )
        }
      />
      <CardContent>
        {query.isPending && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-label="Loading the RxForm layout" />
            <Typography>Loading the RxForm layout...</Typography>
          </Stack>
        )}
        {query.isError && <Alert severity="error">The RxForm layout could not be loaded.</Alert>}
        {layout && (
          <LayoutPreview key={`${layout.id}|${layout.updated_at}`} layout={layout.form_data as FormLayout} />
        )}
      </CardContent>
      {editing && layout && (
        <FormBuilderDialog
          title={organizationId === null ? 'Edit Default RxForm' : 'Edit Organization RxForm'}
          initialLayout={layout.form_data as FormLayout}
          saving={save.isPending}
          onClose={() => setEditing(false)}
          onSave={(formData) => onSave(layout, formData)}
        />
      )}
      {confirmReset && organizationId !== null && (
        <ResetDialog
          busy={reset.isPending}
          onCancel={() => setConfirmReset(false)}
          onConfirm={() =>
            reset.mutate(undefined, {
              onSuccess: (result) => {
                notifySuccess(result.message);
                setConfirmReset(false);
              },
            })
          }
        />
      )}
    </Card>
  );
}
