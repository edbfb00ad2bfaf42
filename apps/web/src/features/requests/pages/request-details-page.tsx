import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  ASSIGNMENT,
  CONTENT_TYPE_LABELS,
  flawedTrayGroupLabel,
  isRequestOpen,
  JAW_TYPE_LABELS,
  REQUEST_MESSAGES,
  REQUEST_TYPE_LABELS,
  shipDateTone,
  type CustomerRequestDetails,
  type PrintingRequest,
  type TrayDesignRequest,
} from '@archline/contracts';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { EMPTY_VALUE, formatCalendarDate, formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useCanOpen } from '../../../session/can-open.ts';
import { useCustomerRequest } from '../api/get-request.ts';
import {
  useAssignPrinting,
  useCancelRequest,
  useCompleteRequest,
  useDeleteItem,
  useUpdateItem,
  useUpdateManagementData,
  usePrintPatientLabels,
  usePrintShippingLabel,
  useUpdateShipping,
} from '../api/request-actions.ts';
import { profileOf } from '@archline/contracts/roles';
import { roleNames } from '../../../session/me.ts';
import { usePermissions } from '../../../session/permissions.ts';
import { useSession } from '../../../session/session.tsx';
import { fileDownloadUrl } from '../api/shipping-options.ts';
import { usePatientStlFiles, useUpdateTrayDesign } from '../api/tray-design.ts';
import {
  useInitialSetupOptions,
  useNotifyDoctor,
  useSetInitialSetupAssignment,
  useSetupRxForm,
} from '../api/initial-setup.ts';
import { InitialSetupCard } from '../components/initial-setup-card.tsx';
import { CompleteDialog } from '../components/complete-dialog.tsx';
import { DetailField, detailGrid } from '../components/detail-field.tsx';
import { ManagementNotesCard, noteOf } from '../components/management-notes-card.tsx';
import {
  FlawedTrayFileActions,
  FlawedTrayPrint,
  useFlawedTrayAbilities,
} from '../components/flawed-tray-actions.tsx';
import { assignmentLabel, PrintAssignment } from '../components/print-assignment.tsx';
import { AgeChip, RequestStatusChip } from '../components/request-chips.tsx';
import { ShippingDialog } from '../components/shipping-dialog.tsx';
import { TrayDesignCard } from '../components/tray-design-card.tsx';
import { useRequestChannel } from '../components/use-request-channel.ts';
import { ScrollableTable } from '../../../components/scrollable-table.tsx';

/** Columns that give way on a phone. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** /requests/{id}: one request with its flawed trays, print request, items and shipping. */
export function RequestDetailsPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useCustomerRequest(valid ? id : 0);
  useRequestChannel(query.data?.patient.id);
  if (!valid) return <NotFoundPage />;
  if (query.isPending) return <PageLoader />;
  if (query.error) {
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
    return <Alert severity="error">{query.error.message}</Alert>;
  }
  return <RequestDetails request={query.data} />;
}

function RequestDetails({ request }: { request: CustomerRequestDetails }) {
  const canOpen = useCanOpen();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [completing, setCompleting] = useState(false);
  const cancel = useCancelRequest(request.id);
  const complete = useCompleteRequest(request.id);
  const managementData = useUpdateManagementData(request.id);
  const patientPath = `/patient-details/${request.patient.id}`;
  const suffix = request.patient.numeric_suffix;

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography variant="h1" component="h1">
            {REQUEST_TYPE_LABELS[request.type]} Request
          </Typography>
          <Typography color="text.secondary">{request.patient.full_name}</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {canOpen(patientPath) && (
            <Button variant="outlined" component={RouterLink} to={patientPath}>
              See Patient
            </Button>
          )}
          {request.can.cancel && (
            <Button variant="outlined" color="error" onClick={() => setConfirmCancel(true)}>
              Cancel
            </Button>
          )}
          {request.can.complete && (
            <Button variant="contained" color="success" onClick={() => setCompleting(true)}>
              Complete
            </Button>
          )}
        </Stack>
      </Stack>

      <Card sx={{ mb: 2 }}>
        <CardContent sx={detailGrid}>
          <DetailField label="Doctor">{request.patient.user?.full_name ?? EMPTY_VALUE}</DetailField>
          <DetailField label="Patient">{request.patient.full_name}</DetailField>
          <DetailField label="Case #">{request.patient.case_number_text || EMPTY_VALUE}</DetailField>
          <DetailField label="Suffix">{suffix ?? EMPTY_VALUE}</DetailField>
          <DetailField label="Organization">{request.patient.organization.name}</DetailField>
          <DetailField label="Status">
            <RequestStatusChip statusId={request.status_id} label={request.status} />
          </DetailField>
          <DetailField label="Submitted">{formatDateTime(request.created_at)}</DetailField>
          <DetailField label="Modified">{formatDateTime(request.updated_at)}</DetailField>
        </CardContent>
      </Card>

      {(request.can.update_management_data || noteOf(request.management_data) !== '') && (
        <ManagementNotesCard
          data={request.management_data}
          canEdit={request.can.update_management_data}
          busy={managementData.isPending}
          onSave={(data) => managementData.mutateAsync(data).then((r) => notifySuccess(r.message))}
        />
      )}
      {request.rx_form_id !== null && <InitialSetupSection request={request} rxFormId={request.rx_form_id} />}
      {request.flawed_trays.length > 0 && <FlawedTraysCard request={request} />}
      {request.printing_request && <PrintRequestCard request={request} printing={request.printing_request} />}
      {request.tray_design_request && (
        <TrayDesignSection request={request} design={request.tray_design_request} />
      )}

      <ConfirmDialog
        open={confirmCancel}
        title="Cancel Request"
        text="Are you sure you want to cancel this request? This cannot be undone."
        confirmLabel="Cancel Request"
        color="error"
        busy={cancel.isPending}
        onClose={() => setConfirmCancel(false)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: (r) => {
              setConfirmCancel(false);
              notifySuccess(r.message);
            },
            onError: notifyError,
          })
        }
      />
      <CompleteDialog
        open={completing}
        needsTracking={request.printing_request !== null}
        busy={complete.isPending}
        onClose={() => setCompleting(false)}
        onComplete={(tracking_number) =>
          complete.mutateAsync(tracking_number ? { tracking_number } : {}).then(
            (r) => {
              setCompleting(false);
              notifySuccess(r.message);
            },
            (err: unknown) => {
              if (!(err instanceof ApiError && err.errors.tracking_number)) notifyError(err);
              throw err;
            },
          )
        }
      />
    </Box>
  );
}

function InitialSetupSection({ request, rxFormId }: { request: CustomerRequestDetails; rxFormId: number }) {
  const form = useSetupRxForm(rxFormId);
  const rules = form.data?.metadata.modification_rules;
  const options = useInitialSetupOptions(request.patient.organization.id, !!rules?.can_change_assignments);
  const assign = useSetInitialSetupAssignment(rxFormId, request.id);
  const notify = useNotifyDoctor(rxFormId, request.id);
  return (
    <InitialSetupCard
      form={form.data}
      error={form.error}
      options={options.data}
      busy={assign.isPending || notify.isPending}
      onAssign={(value) => assign.mutateAsync(value).then((r) => notifySuccess(r.message))}
      onNotify={() =>
        notify.mutateAsync().then(
          (r) => notifySuccess(r.message),
          (err: unknown) => {
            notifyError(err);
            throw err;
          },
        )
      }
    />
  );
}

function TrayDesignSection({
  request,
  design,
}: {
  request: CustomerRequestDetails;
  design: TrayDesignRequest;
}) {
  const canEdit = request.can.update_tray_design;
  const files = usePatientStlFiles(request.patient.id, canEdit);
  const update = useUpdateTrayDesign(request.id);
  return (
    <TrayDesignCard
      design={design}
      canEdit={canEdit}
      files={files.data}
      busy={update.isPending}
      onSave={(body) =>
        update.mutateAsync({ trayDesignId: design.id, body }).then((r) => notifySuccess(r.message))
      }
    />
  );
}

function FlawedTraysCard({ request }: { request: CustomerRequestDetails }) {
  const [downloading, setDownloading] = useState(false);
  const trayAbilities = useFlawedTrayAbilities(request);
  const ios = request.original_ios_file;
  const download = async () => {
    if (!ios) return;
    setDownloading(true);
    try {
      window.location.assign(await fileDownloadUrl(ios.id));
    } catch (err) {
      notifyError(err);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card sx={{ mb: 2 }}>
      <CardHeader
        title="Flawed Trays"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={<Chip size="small" label={flawedTrayGroupLabel(request.flawed_trays)} />}
      />
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">Original IOS:</Typography>
          {ios ? (
            <Button size="small" variant="outlined" onClick={() => void download()} disabled={downloading}>
              Download {ios.name}
            </Button>
          ) : (
            <Typography variant="body2">{EMPTY_VALUE}</Typography>
          )}
        </Stack>
        <ScrollableTable label="Flawed trays">
          <Table size="small" aria-label="Flawed trays">
            <TableHead>
              <TableRow>
                <TableCell>Arch</TableCell>
                <TableCell>Print</TableCell>
                <TableCell>Status</TableCell>
                <TableCell sx={wide}>Requested</TableCell>
                {trayAbilities.correct && <TableCell>Corrected File</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {request.flawed_trays.map((t) => (
                <TableRow key={t.id}>
                  <TableCell>{JAW_TYPE_LABELS[t.arch] ?? EMPTY_VALUE}</TableCell>
                  <TableCell>
                    <FlawedTrayPrint request={request} tray={t} />
                  </TableCell>
                  <TableCell>{t.status_id === 2 ? 'Corrected' : 'Open'}</TableCell>
                  <TableCell sx={wide}>{formatDateTime(t.created_at)}</TableCell>
                  {trayAbilities.correct && (
                    <TableCell>
                      <FlawedTrayFileActions request={request} tray={t} />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      </CardContent>
    </Card>
  );
}

function PrintRequestCard({
  request,
  printing,
}: {
  request: CustomerRequestDetails;
  printing: PrintingRequest;
}) {
  const now = new Date();
  const [editingShipping, setEditingShipping] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const updateItem = useUpdateItem(request.id);
  const deleteItem = useDeleteItem(request.id);
  const shipping = useUpdateShipping(request.id);
  const assign = useAssignPrinting(request.id);
  const labels = usePrintPatientLabels(request.id);
  const shippingLabel = usePrintShippingLabel(request.id);
  const { user } = useSession();
  const { can } = usePermissions();
  // The bench's labels are printed at the lab (the server's rule).
  const printsLabels =
    user !== undefined &&
    profileOf(roleNames(user)) === 'management' &&
    can('printing-requests.update-shipping-information', 'printing-requests.manage');
  // Why a shipping label cannot be printed (the shipment rows' messages), or null when it can.
  const shippingLabelBlocked =
    printing.location === null
      ? REQUEST_MESSAGES.shippingLocationMissing
      : printing.assigned_to === ASSIGNMENT.thirdParty
        ? REQUEST_MESSAGES.assignedToThirdParty
        : null;
  const shipmentOpen = printing.printing_request_status_id === 1 || printing.printing_request_status_id === 2;
  const oldest = printing.items.reduce<string | null>(
    (min, i) => (min === null || i.created_at < min ? i.created_at : min),
    null,
  );
  const completed = printing.printing_request_status_id === 3;
  const tone = shipDateTone(
    printing.ship_date,
    completed,
    now,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
  const courier = printing.courier.name ?? EMPTY_VALUE;

  return (
    <Card sx={{ mb: 2 }}>
      <CardHeader
        title="Print Request"
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={isRequestOpen(request.status_id) ? <AgeChip oldestAt={oldest} now={now} /> : undefined}
      />
      <CardContent>
        <Box sx={{ mb: 2 }}>
          {request.assign_options.length > 0 ? (
            <PrintAssignment
              assignedTo={printing.assigned_to}
              options={request.assign_options}
              busy={assign.isPending}
              onAssign={(assign_to) =>
                assign
                  .mutateAsync({ printingRequestId: printing.id, body: { assign_to } })
                  .then((r) => notifySuccess(r.message))
              }
            />
          ) : (
            <DetailField label="Assigned To">{assignmentLabel(printing.assigned_to)}</DetailField>
          )}
        </Box>
        <ScrollableTable label="Print request items" sx={{ mb: 2 }}>
          <Table size="small" aria-label="Print request items">
            <TableHead>
              <TableRow>
                <TableCell>Arch</TableCell>
                <TableCell>Content</TableCell>
                <TableCell>Insert Brackets</TableCell>
                <TableCell sx={wide}>Added</TableCell>
                {request.can.delete_items && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {printing.items.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>No items.</TableCell>
                </TableRow>
              )}
              {printing.items.map((item) => {
                const arch = JAW_TYPE_LABELS[item.jaw_type_id] ?? EMPTY_VALUE;
                return (
                  <TableRow key={item.id} data-testid="print-item">
                    <TableCell>{arch}</TableCell>
                    <TableCell>{CONTENT_TYPE_LABELS[item.content_type_id] ?? EMPTY_VALUE}</TableCell>
                    <TableCell>
                      {request.can.update_items ? (
                        <Switch
                          checked={item.insert_brackets}
                          disabled={updateItem.isPending}
                          slotProps={{ input: { 'aria-label': `Insert brackets, ${arch}` } }}
                          onChange={(e) =>
                            updateItem.mutate(
                              { itemId: item.id, insert_brackets: e.target.checked },
                              { onSuccess: (r) => notifySuccess(r.message), onError: notifyError },
                            )
                          }
                        />
                      ) : item.insert_brackets ? (
                        'Yes'
                      ) : (
                        'No'
                      )}
                    </TableCell>
                    <TableCell sx={wide}>{formatDateTime(item.created_at)}</TableCell>
                    {request.can.delete_items && (
                      <TableCell align="right">
                        <IconButton
                          aria-label={`Remove the ${arch} item`}
                          onClick={() => setRemoving(item.id)}
                        >
                          <DeleteOutlined />
                        </IconButton>
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </ScrollableTable>

        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h3">
            Shipping Details
          </Typography>
          <Stack direction="row" spacing={1}>
            {printsLabels && shipmentOpen && (
              <Button
                size="small"
                variant="outlined"
                disabled={shippingLabel.isPending || shippingLabelBlocked !== null}
                onClick={() =>
                  shippingLabel.mutate(printing.id, {
                    onError: (error) =>
                      notifyError(
                        error instanceof ApiError
                          ? error.message
                          : 'The shipping label could not be printed.',
                      ),
                  })
                }
              >
                {shippingLabel.isPending ? 'Please wait...' : 'Print Shipping Label'}
              </Button>
            )}
            {printsLabels && (
              <Button
                size="small"
                variant="outlined"
                disabled={labels.isPending}
                onClick={() =>
                  labels.mutate(printing.id, {
                    onError: (error) =>
                      notifyError(
                        error instanceof ApiError ? error.message : 'The labels could not be printed.',
                      ),
                  })
                }
              >
                {labels.isPending ? 'Please wait...' : 'Print Patient Labels'}
              </Button>
            )}
            {request.can.update_shipping && (
              <Button size="small" variant="outlined" onClick={() => setEditingShipping(true)}>
                Edit Shipping
              </Button>
            )}
          </Stack>
        </Stack>
        {printsLabels && shipmentOpen && shippingLabelBlocked && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {shippingLabelBlocked}
          </Alert>
        )}
        <Box sx={detailGrid}>
          <DetailField label="Location">
            {printing.location ? (
              <>
                {printing.location.location_name}
                <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {printing.location.full_address}
                </Typography>
              </>
            ) : (
              EMPTY_VALUE
            )}
          </DetailField>
          <DetailField label="Shipping Method">{printing.shipping_method?.name ?? EMPTY_VALUE}</DetailField>
          <DetailField label="Ship Date">
            <Box
              component="span"
              data-tone={tone}
              sx={{
                fontWeight: tone === 'normal' ? undefined : 700,
                color: tone === 'overdue' ? 'error.main' : tone === 'today' ? 'success.dark' : undefined,
              }}
            >
              {formatCalendarDate(printing.ship_date)}
            </Box>
          </DetailField>
          <DetailField label="Expected Arrival">
            {formatCalendarDate(printing.expected_arrival_date)}
          </DetailField>
          <DetailField label="Delivery Window">
            {printing.delivery_date_from
              ? `${formatCalendarDate(printing.delivery_date_from)} – ${formatCalendarDate(printing.delivery_date_to)}`
              : EMPTY_VALUE}
          </DetailField>
          <DetailField label="Tracking Number">{printing.tracking_number ?? EMPTY_VALUE}</DetailField>
          <DetailField label="Courier">
            {printing.courier.link && printing.courier.name ? (
              <a href={printing.courier.link} target="_blank" rel="noreferrer noopener">
                {courier}
              </a>
            ) : (
              courier
            )}
          </DetailField>
          <DetailField label="Labels">
            {`Shipping ${printing.shipping_label_printed ? 'printed' : 'not printed'}, patient ${printing.patient_label_printed ? 'printed' : 'not printed'}`}
          </DetailField>
        </Box>
      </CardContent>

      <ConfirmDialog
        open={removing !== null}
        title="Remove Item"
        text="Are you sure you want to remove this item from the print request?"
        confirmLabel="Remove"
        color="error"
        busy={deleteItem.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing !== null &&
          deleteItem.mutate(removing, {
            onSuccess: (r) => {
              setRemoving(null);
              notifySuccess(r.message);
            },
            onError: notifyError,
          })
        }
      />
      {request.can.update_shipping && (
        <ShippingDialog
          open={editingShipping}
          organizationId={request.patient.organization.id}
          printingRequest={printing}
          busy={shipping.isPending}
          onClose={() => setEditingShipping(false)}
          onSave={(body) =>
            shipping.mutateAsync({ printingRequestId: printing.id, body }).then(
              (r) => {
                setEditingShipping(false);
                notifySuccess(r.message);
              },
              (err: unknown) => {
                notifyError(err);
                throw err;
              },
            )
          }
        />
      )}
    </Card>
  );
}
