import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ContactsRequest, type Contact } from '@archline/contracts';
import { Fragment } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useContacts, useSaveContacts } from '../api/contacts.ts';

type Values = z.input<typeof ContactsRequest>;
type Output = z.output<typeof ContactsRequest>;
type ContactField = 'first_name' | 'last_name' | 'title' | 'email' | 'phone_number' | 'notes';

const FIELDS: { name: ContactField; label: string; required?: boolean; type?: string }[] = [
  { name: 'first_name', label: 'First Name', required: true },
  { name: 'last_name', label: 'Last Name' },
  { name: 'title', label: 'Title', required: true },
  { name: 'email', label: 'Email', required: true, type: 'email' },
  { name: 'phone_number', label: 'Phone Number', type: 'tel' },
  { name: 'notes', label: 'Notes' },
];

const EMPTY = { first_name: '', last_name: '', title: '', email: '', phone_number: '', notes: '' };

function defaultsOf(contacts: Contact[]): Values {
  return {
    contacts: contacts.map((c) => ({
      id: c.id,
      first_name: c.first_name,
      last_name: c.last_name ?? '',
      title: c.title,
      email: c.email,
      phone_number: c.phone_number ?? '',
      notes: c.notes ?? '',
    })),
  };
}

function ContactsForm({ organizationId, contacts }: { organizationId: number; contacts: Contact[] }) {
  const save = useSaveContacts();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(ContactsRequest),
    defaultValues: defaultsOf(contacts),
    mode: 'onTouched',
  });
  const rows = useFieldArray({ control: form.control, name: 'contacts' });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await save.mutateAsync({
        organizationId,
        body: {
          contacts: values.contacts.map((c) => ({
            ...c,
            last_name: c.last_name || null,
            phone_number: c.phone_number || null,
            notes: c.notes || null,
          })),
        },
      });
      form.reset(defaultsOf(result.contacts));
      notifySuccess(result.message);
    } catch {
      // A failed contact save is silent (spec).
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="contacts-title">
      {rows.fields.length === 0 && <Typography color="text.secondary">No contacts.</Typography>}
      {rows.fields.map((row, index) => (
        <Fragment key={row.id}>
          {index > 0 && <Divider sx={{ my: 2 }} />}
          <Box
            role="group"
            aria-label={`Contact ${index + 1}`}
            sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}
          >
            <Grid container columnSpacing={2} sx={{ flex: 1 }}>
              {FIELDS.map((f) => {
                const error = errors.contacts?.[index]?.[f.name];
                return (
                  <Grid key={f.name} size={{ xs: 12, sm: 6, md: 4 }}>
                    <TextField
                      {...form.register(`contacts.${index}.${f.name}`)}
                      label={f.label}
                      required={f.required}
                      type={f.type}
                      autoComplete="off"
                      error={Boolean(error)}
                      helperText={error?.message}
                    />
                  </Grid>
                );
              })}
            </Grid>
            <IconButton
              aria-label={`Remove contact ${index + 1}`}
              onClick={() => rows.remove(index)}
              sx={{ mt: 3 }}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        </Fragment>
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2 }}>
        <Button startIcon={<AddIcon />} onClick={() => rows.append({ ...EMPTY })}>
          Add Contact
        </Button>
        <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save'}
        </Button>
      </Box>
    </Box>
  );
}

/** 'Additional Office Staff' (Contact Information) of the organization. */
export function ContactsCard({ organizationId }: { organizationId: number }) {
  const contacts = useContacts(organizationId);
  return (
    <Card component="section" aria-labelledby="contacts-title">
      <CardHeader
        title="Additional Office Staff"
        subheader="Contact Information"
        slotProps={{
          title: { id: 'contacts-title', component: 'h2', variant: 'h6' },
          subheader: { color: 'text.secondary' },
        }}
      />
      <CardContent>
        {contacts.isPending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CircularProgress size={20} aria-hidden="true" /> Loading contacts...
          </Box>
        ) : contacts.isError ? null : (
          <ContactsForm organizationId={organizationId} contacts={contacts.data} />
        )}
      </CardContent>
    </Card>
  );
}
