import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  LIBRARY_FORMAT_LABELS,
  LIBRARY_LIMITS,
  LIBRARY_MESSAGES,
  libraryColor,
  type BracketLibrary,
  type BracketLibraryAbilities,
} from '@archline/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useRemoveBracketLibrary, useUpdateBracketLibrary } from '../api/bracket-library-mutations.ts';
import { downloadLibrary } from '../api/download-library.ts';
import { ChangelogDialog } from './changelog-dialog.tsx';
import { EditLibraryDialog } from './edit-library-dialog.tsx';
import { InventoryDialog } from './inventory-dialog.tsx';

const READ_ONLY: BracketLibraryAbilities = {
  add: false,
  update: false,
  changelog: false,
  inventory: true,
  edit_inventory: false,
  download: false,
  remove: false,
};

function Action({
  label,
  onClick,
  children,
  disabled,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export const locationText = (l: Pick<BracketLibrary, 'shelf' | 'row' | 'column'>) =>
  [l.shelf && `Shelf ${l.shelf}`, l.row && `Row ${l.row}`, l.column && `Column ${l.column}`]
    .filter(Boolean)
    .join(' · ');

/**
 * The bracket libraries of an organization: a colour per library (12 cycling), its file, format,
 * location, users and stock state; hidden ones dimmed. At most 5 before 'See More'. The actions
 * follow the caller's abilities; `readOnly` leaves only the inventory, to read.
 */
export function BracketLibraryList({
  organizationId,
  libraries,
  abilities,
  readOnly = false,
  openId,
  onOpened,
}: {
  organizationId: number;
  libraries: BracketLibrary[];
  abilities: BracketLibraryAbilities;
  readOnly?: boolean;
  /** A library whose detail opens once (the practice page's `id` parameter). */
  openId?: number | null;
  onOpened?: () => void;
}) {
  const can = readOnly ? { ...READ_ONLY, inventory: abilities.inventory } : abilities;
  const [expanded, setExpanded] = useState(false);
  const [dialog, setDialog] = useState<{
    kind: 'inventory' | 'changelog' | 'edit' | 'remove';
    library: BracketLibrary;
  } | null>(null);
  const update = useUpdateBracketLibrary(organizationId);
  const remove = useRemoveBracketLibrary(organizationId);

  // The `id` parameter: open that library's detail once the list is loaded, then let it go.
  useEffect(() => {
    if (!openId) return;
    const target = libraries.find((l) => l.id === openId);
    if (target) setDialog({ kind: 'inventory', library: target });
    onOpened?.();
  }, [openId, libraries, onOpened]);

  const colourOf = new Map(libraries.map((l, i) => [l.id, libraryColor(i)]));
  const shown = expanded ? libraries : libraries.slice(0, LIBRARY_LIMITS.visibleBeforeSeeMore);

  async function toggleHidden(library: BracketLibrary) {
    try {
      const result = await update.mutateAsync({ id: library.id, body: { hide: !library.hidden_at } });
      notifySuccess(result.message);
    } catch (error) {
      notifyError(error);
    }
  }

  async function download(library: BracketLibrary) {
    try {
      await downloadLibrary(organizationId, 'bracket', library.id);
    } catch (error) {
      notifyError(error);
    }
  }

  async function confirmRemove(library: BracketLibrary) {
    try {
      const result = await remove.mutateAsync(library.id);
      notifySuccess(result.message);
      setDialog(null);
    } catch (error) {
      notifyError(error);
    }
  }

  if (libraries.length === 0)
    return <Typography sx={{ color: 'text.secondary', py: 2 }}>{LIBRARY_MESSAGES.noData}</Typography>;

  return (
    <>
      <Stack component="ul" aria-label="Bracket libraries" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {shown.map((library) => (
          <Box
            component="li"
            key={library.id}
            aria-label={library.label}
            data-hidden={library.hidden_at ? 'true' : 'false'}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderLeft: 6,
              borderLeftColor: colourOf.get(library.id),
              borderRadius: 1,
              // Dimmed, with text that keeps its contrast.
              bgcolor: library.hidden_at ? 'action.selected' : 'background.paper',
              borderStyle: library.hidden_at ? 'dashed' : 'solid',
              borderLeftStyle: 'solid',
            }}
          >
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{library.label}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {library.file_name}
                {locationText(library) ? ` · ${locationText(library)}` : ''}
              </Typography>
              {library.users.length > 0 && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Assigned: {library.users.map((u) => u.full_name).join(', ')}
                </Typography>
              )}
            </Box>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" label={LIBRARY_FORMAT_LABELS[library.format] ?? library.format} />
              {library.low_stock && <Chip size="small" color="warning" label="Low Inventory" />}
              {library.hidden_at && <Chip size="small" variant="outlined" label="Hidden" />}
              {can.inventory && (
                <Action
                  label={`Inventory of ${library.label}`}
                  onClick={() => setDialog({ kind: 'inventory', library })}
                >
                  <InventoryIcon fontSize="small" />
                </Action>
              )}
              {can.changelog && (
                <Action
                  label={`Changelog of ${library.label}`}
                  onClick={() => setDialog({ kind: 'changelog', library })}
                >
                  <HistoryIcon fontSize="small" />
                </Action>
              )}
              {can.update && (
                <Action label={`Edit ${library.label}`} onClick={() => setDialog({ kind: 'edit', library })}>
                  <EditIcon fontSize="small" />
                </Action>
              )}
              {can.update && (
                <Action
                  label={`${library.hidden_at ? 'Unhide' : 'Hide'} ${library.label}`}
                  onClick={() => void toggleHidden(library)}
                  disabled={update.isPending}
                >
                  {library.hidden_at ? (
                    <VisibilityIcon fontSize="small" />
                  ) : (
                    <VisibilityOffIcon fontSize="small" />
                  )}
                </Action>
              )}
              {can.download && library.has_file && (
                <Action label={`Download ${library.label}`} onClick={() => void download(library)}>
                  <DownloadIcon fontSize="small" />
                </Action>
              )}
              {can.remove && (
                <Action
                  label={`Remove ${library.label}`}
                  onClick={() => setDialog({ kind: 'remove', library })}
                >
                  <DeleteIcon fontSize="small" />
                </Action>
              )}
            </Stack>
          </Box>
        ))}
      </Stack>
      {libraries.length > LIBRARY_LIMITS.visibleBeforeSeeMore && (
        <Button onClick={() => setExpanded((e) => !e)} sx={{ mt: 1 }}>
          {expanded ? 'See Less' : 'See More'}
        </Button>
      )}
      {dialog?.kind === 'inventory' && (
        <InventoryDialog
          organizationId={organizationId}
          library={dialog.library}
          canEdit={can.edit_inventory}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'changelog' && (
        <ChangelogDialog
          organizationId={organizationId}
          library={dialog.library}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditLibraryDialog
          organizationId={organizationId}
          library={dialog.library}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title="Remove Bracket Library"
        text={`Remove "${dialog?.library.label ?? ''}"? Cases that already chose it keep it.`}
        confirmLabel="Remove"
        color="error"
        busy={remove.isPending}
        onConfirm={() => dialog && void confirmRemove(dialog.library)}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
