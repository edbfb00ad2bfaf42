import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { UpdateShippingBody, type PrintingRequest } from '@archline/contracts';
import { useEffect, useId, useState } from 'react';
import { useLocations } from '../../../lib/api/list-locations.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useShippingMethodOptions } from '../api/shipping-options.ts';

type Field =
  'location_id' | 'shipping_method_id' | 'expected_arrival_date' | 'delivery_date_from' | 'delivery_date_to';
type Values = Record<Field, string>;

const LABELS: Record<Field, string> = {
  location_id: 'Location',
  shipping_method_id: 'Shipping Method',
  expected_arrival_date: 'Expected Arrival Date',
  delivery_date_from: 'Delivery Date From',
  delivery_date_to: 'Delivery Date To',
};

function initialValues(p: PrintingRequest): Values {
  return {
    location_id: p.location ? String(p.location.id) : '',
    shipping_method_id: p.shipping_method ? String(p.shipping_method.id) : '',
    expected_arrival_date: p.expected_arrival_date ?? '',
    delivery_date_from: p.delivery_date_from ?? '',
    delivery_date_to: p.delivery_date_to ?? '',
  };
}

/** Edits the print request's shipping: location, method and the three dates, all required. */
export function ShippingDialog({
  open,
  organizationId,
  printingRequest,
  busy,
  onClose,
  onSave,
}: {
  open: boolean;
  organizationId: number;
  printingRequest: PrintingRequest;
  busy: boolean;
  onClose: () => void;
  onSave: (body: UpdateShippingBody) => Promise<unknown>;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => initialValues(printingRequest));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const locations = useLocations({ organizationId, page: 1, perPage: 100 });
  const methods = useShippingMethodOptions(open);
  useEffect(() => {
    if (open) {
      setValues(initialValues(printingRequest));
      setErrors({});
    }
  }, [open, printingRequest]);

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const save = async () => {
    const parsed = UpdateShippingBody.safeParse({
      ...values,
      location_id: values.location_id || undefined,
      shipping_method_id: values.shipping_method_id || undefined,
    });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      await onSave(parsed.data);
    } catch (err) {
      if (err instanceof ApiError) {
        const next: Partial<Record<Field, string>> = {};
        for (const [field, messages] of Object.entries(err.errors))
          if (field in LABELS && messages[0]) next[field as Field] = messages[0];
        setErrors(next);
      }
    }
  };

  const field = (f: Field) => ({
    label: LABELS[f],
    value: values[f],
    onChange: set(f),
    error: Boolean(errors[f]),
    helperText: errors[f] ?? ' ',
    required: true,
    fullWidth: true,
  });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>Edit Shipping Details</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <TextField select {...field('location_id')}>
            {(locations.data?.data ?? []).map((l) => (
              <MenuItem key={l.id} value={String(l.id)}>
                {l.location_name}
              </MenuItem>
            ))}
            {printingRequest.location &&
              !locations.data?.data.some((l) => l.id === printingRequest.location?.id) && (
                <MenuItem value={String(printingRequest.location.id)}>
                  {printingRequest.location.location_name}
                </MenuItem>
              )}
          </TextField>
          <TextField select {...field('shipping_method_id')}>
            {(methods.data?.shipping_methods ?? []).map((m) => (
              <MenuItem key={m.id} value={String(m.id)}>
                {m.name}
              </MenuItem>
            ))}
            {printingRequest.shipping_method &&
              !methods.data?.shipping_methods.some((m) => m.id === printingRequest.shipping_method?.id) && (
                <MenuItem value={String(printingRequest.shipping_method.id)}>
                  {printingRequest.shipping_method.name}
                </MenuItem>
              )}
          </TextField>
          <TextField
            type="date"
            {...field('expected_arrival_date')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              {...field('delivery_date_from')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              {...field('delivery_date_to')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
