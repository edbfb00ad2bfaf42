import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TablePagination from '@mui/material/TablePagination';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  CUSTOM_SET_LIMITS,
  CUSTOM_SET_MESSAGES,
  customSetDisplayName,
  toothName,
  type CustomBracketSetItem,
} from '@archline/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import {
  useCustomBracketSets,
  useDeleteCustomBracketSet,
  useEnableCustomBracketSets,
  type CustomSetFilter,
} from '../api/custom-bracket-sets.ts';
import { useAssignableMembers } from '../api/assignable-members.ts';
import { CustomSetDialog } from './custom-set-dialog.tsx';

const PAGE_SIZES = [3, 5, 10, 25] as const;

/** The teeth of a set in one line: 'UR1 Damon Q2 (4.5) · UL1 Victory Series'. */
function teethSummary(set: CustomBracketSetItem): string {
  return set.teeth
    .map(
      (t) =>
        `${toothName(t.tooth_number)} ${t.bracket_library_name}${t.height === null ? '' : ` (${t.height.toFixed(1)})`}`,
    )
    .join(' · ');
}

/**
 * Custom bracket sets of an organization: the organization page's Custom Sets tab (management:
 * the sets created by management, the Enable switch, assigned users) and the practice page
 * (the caller's own sets). List (10 a page), create, edit, delete.
 */
export function CustomSetsPanel({
  organizationId,
  filter,
  readOnly = false,
}: {
  organizationId: number;
  filter: CustomSetFilter;
  readOnly?: boolean;
}) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(CUSTOM_SET_LIMITS.pageSize);
  const query = useCustomBracketSets(organizationId, filter, { page, perPage });
  const enable = useEnableCustomBracketSets(organizationId);
  const remove = useDeleteCustomBracketSet(organizationId);
  const canManage = query.data?.can_manage === true;
  const members = useAssignableMembers(organizationId, 'bracket', canManage);
  const [editing, setEditing] = useState<CustomBracketSetItem | 'new' | null>(null);
  const [removing, setRemoving] = useState<CustomBracketSetItem | null>(null);
  const editable = !readOnly && query.isSuccess;
  const memberName = (id: number) => members.data?.find((m) => m.id === id)?.full_name ?? `User #${id}`;

  async function toggle(value: boolean) {
    try {
      notifySuccess((await enable.mutateAsync(value)).message);
    } catch (error) {
      notifyError(error);
    }
  }

  async function confirmRemove(set: CustomBracketSetItem) {
    try {
      notifySuccess((await remove.mutateAsync(set.id)).message);
      setRemoving(null);
      if (query.data?.data.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      notifyError(error);
    }
  }

  if (query.isPending)
    return (
      <Stack sx={{ alignItems: 'center', py: 3 }}>
        <CircularProgress aria-label="Loading custom bracket sets" />
      </Stack>
    );
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  const { data: sets, meta, enabled } = query.data;

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        {canManage ? (
          <FormControlLabel
            control={
              <Switch
                checked={enabled === true}
                disabled={readOnly || enable.isPending}
                onChange={(e) => void toggle(e.target.checked)}
              />
            }
            label="Enable Custom Bracket Sets"
          />
        ) : (
          <span />
        )}
        {editable && (
          <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Add Custom Set
          </Button>
        )}
      </Stack>
      {canManage && enabled === false && (
        <Alert severity="info">
          Custom bracket sets are off for this organization: its members do not see them and case entry does
          not offer them.
        </Alert>
      )}
      {sets.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{CUSTOM_SET_MESSAGES.empty}</Typography>
      ) : (
        <Stack
          component="ul"
          aria-label="Custom bracket sets"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {sets.map((set) => (
            <Stack
              component="li"
              key={set.id}
              aria-label={set.name}
              direction="row"
              sx={{
                alignItems: 'center',
                flexWrap: 'wrap',
                gap: 1,
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              <Stack sx={{ flex: '1 1 240px', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} title={set.name}>
                  {customSetDisplayName(set.name)}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {set.teeth.length} {set.teeth.length === 1 ? 'tooth' : 'teeth'}: {teethSummary(set)}
                </Typography>
                {canManage && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    Assigned:{' '}
                    {set.assigned_user_ids.length
                      ? set.assigned_user_ids.map(memberName).join(', ')
                      : 'nobody'}
                  </Typography>
                )}
              </Stack>
              {editable && (
                <>
                  <Tooltip title={`Edit ${set.name}`}>
                    <IconButton size="small" aria-label={`Edit ${set.name}`} onClick={() => setEditing(set)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={`Delete ${set.name}`}>
                    <IconButton
                      size="small"
                      aria-label={`Delete ${set.name}`}
                      onClick={() => setRemoving(set)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      {meta.total > PAGE_SIZES[0] && (
        <TablePagination
          component="div"
          count={meta.total}
          page={page - 1}
          rowsPerPage={perPage}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_e, p) => setPage(p + 1)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(1);
          }}
        />
      )}
      {editing && (
        <CustomSetDialog
          organizationId={organizationId}
          set={editing === 'new' ? null : editing}
          canAssign={canManage}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Delete Custom Set"
        text={`Delete "${removing?.name ?? ''}"? Cases that already chose it keep it.`}
        confirmLabel="Delete"
        color="error"
        busy={remove.isPending}
        onConfirm={() => removing && void confirmRemove(removing)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
