import { zodResolver } from '@hookform/resolvers/zod';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ExportReportRequest,
  REPORTS,
  calendarDateIn,
  reportPermission,
  type ReportKey,
} from '@archline/contracts';
import { usePermissions } from '../../../session/permissions.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { browserTimeZone, useExportReport } from '../api/export-report.ts';

type FormInput = z.input<typeof ExportReportRequest>;

/** A byte count people read: 950 B, 12.4 KB, 3.1 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The first day of this month to today, in the browser's time zone. */
function defaultRange(now: Date, timeZone: string): { date_from: string; date_to: string } {
  const today = calendarDateIn(now, timeZone);
  return { date_from: `${today.slice(0, 8)}01`, date_to: today };
}

/** /export-reports (super admin): choose a report, pick a date range, Download CSV. */
export function ReportsPage() {
  const { can } = usePermissions();
  const allowed = REPORTS.filter((r) => can(reportPermission(r.key)));
  const [report, setReport] = useState<ReportKey | ''>(allowed[0]?.key ?? '');
  const [received, setReceived] = useState(0);
  const [saved, setSaved] = useState<{ fileName: string; bytes: number } | null>(null);
  const timeZone = browserTimeZone();
  const form = useForm<FormInput>({
    resolver: zodResolver(ExportReportRequest),
    defaultValues: defaultRange(new Date(), timeZone),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const exporting = useExportReport((p) => setReceived(p.received));
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    (values) => {
      if (!report) return;
      setReceived(0);
      setSaved(null);
      exporting.reset();
      exporting.mutate(
        { report, date_from: values.date_from, date_to: values.date_to, time_zone: timeZone },
        {
          onSuccess: (result) => setSaved(result),
          onError: (error) => {
            applyServerErrors(error, form.setError, ['date_from', 'date_to']);
          },
        },
      );
    },
    // A range the form refuses leaves no earlier outcome on the screen.
    () => {
      setSaved(null);
      exporting.reset();
    },
  );

  const chosen = REPORTS.find((r) => r.key === report);
  const fieldErrorShown = Boolean(errors.date_from || errors.date_to);
  const failure = exporting.isError && !fieldErrorShown ? errorMessage(exporting.error) : null;

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        Reports
      </Typography>
      <Card component="section" aria-labelledby="reports-title">
        <CardHeader
          title="Export a report"
          subheader="Choose a report and a date range; the CSV opens in any spreadsheet."
          slotProps={{ title: { id: 'reports-title', component: 'h2', variant: 'h6' } }}
        />
        <CardContent>
          <Box component="form" noValidate onSubmit={submit} aria-labelledby="reports-title">
            <FormControl component="fieldset" sx={{ width: '100%' }}>
              <FormLabel component="legend" id="report-choice-label" sx={{ mb: 1 }}>
                Report
              </FormLabel>
              <RadioGroup
                aria-labelledby="report-choice-label"
                name="report"
                value={report}
                onChange={(e) => setReport(e.target.value as ReportKey)}
              >
                {REPORTS.map((r) => {
                  const permitted = allowed.some((a) => a.key === r.key);
                  const labelId = `report-${r.key}-label`;
                  const descriptionId = `report-${r.key}-description`;
                  return (
                    <FormControlLabel
                      key={r.key}
                      value={r.key}
                      disabled={!permitted || exporting.isPending}
                      control={
                        <Radio
                          slotProps={{
                            input: { 'aria-labelledby': labelId, 'aria-describedby': descriptionId },
                          }}
                        />
                      }
                      sx={{
                        alignItems: 'flex-start',
                        mx: 0,
                        mb: 1,
                        py: 1,
                        pr: 1.5,
                        border: 1,
                        borderRadius: 1,
                        borderColor: report === r.key ? 'primary.main' : 'divider',
                        bgcolor: report === r.key ? 'action.selected' : 'transparent',
                      }}
                      label={
                        <Box sx={{ pt: 1 }}>
                          <Typography
                            component="span"
                            id={labelId}
                            sx={{ display: 'block', fontWeight: 500 }}
                          >
                            {r.label}
                          </Typography>
                          <Typography
                            component="span"
                            id={descriptionId}
                            variant="body2"
                            color="text.secondary"
                            sx={{ display: 'block' }}
                          >
                            {permitted
                              ? r.description
                              : `${r.description} (You don't have permission to export it.)`}
                          </Typography>
                        </Box>
                      }
                    />
                  );
                })}
              </RadioGroup>
            </FormControl>

            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ mt: 1 }}>
              <TextField
                {...form.register('date_from')}
                label="From"
                type="date"
                required
                fullWidth
                margin="normal"
                disabled={exporting.isPending}
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(errors.date_from)}
                helperText={errors.date_from?.message ?? 'Start of this day'}
              />
              <TextField
                {...form.register('date_to')}
                label="To"
                type="date"
                required
                fullWidth
                margin="normal"
                disabled={exporting.isPending}
                slotProps={{ inputLabel: { shrink: true } }}
                error={Boolean(errors.date_to)}
                helperText={errors.date_to?.message ?? 'End of this day'}
              />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Days run midnight to midnight in your time zone ({timeZone}); times in the file are written
              there too.
            </Typography>

            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ mt: 3, alignItems: { xs: 'stretch', sm: 'center' } }}
            >
              <Button
                type="submit"
                variant="contained"
                disabled={!report || exporting.isPending}
                startIcon={
                  exporting.isPending ? (
                    <CircularProgress size={18} color="inherit" aria-hidden />
                  ) : (
                    <DownloadIcon />
                  )
                }
              >
                {exporting.isPending ? 'Downloading...' : 'Download CSV'}
              </Button>
              <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
                {exporting.isPending
                  ? `Preparing ${chosen?.label ?? 'the report'}: ${formatBytes(received)} received`
                  : saved
                    ? `Saved ${saved.fileName} (${formatBytes(saved.bytes)}).`
                    : ''}
              </Typography>
            </Stack>

            {failure && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {failure}
              </Alert>
            )}
            {allowed.length === 0 && (
              <Alert severity="info" sx={{ mt: 2 }}>
                You don&apos;t have permission to export any report.
              </Alert>
            )}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
