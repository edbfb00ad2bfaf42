import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useOrganizationPermissions } from '../../../session/permissions.ts';
import { useStoreBracketLibraries } from '../api/bracket-library-mutations.ts';
import { useBracketLibraries } from '../api/list-bracket-libraries.ts';
import { BracketLibraryList } from './bracket-library-list.tsx';
import { CustomSetsPanel } from './custom-sets-panel.tsx';
import { UploadLibrariesDialog } from './upload-libraries-dialog.tsx';

/**
 * The organization page's Brackets section (`#brackets`): the Libraries tab lists the
 * organization's bracket libraries with add, hide/unhide, edit, inventory, changelog, download
 * and remove, as the caller's permissions allow (bracket-libraries.manage, .update, .view or
 * organization.bracket-libraries.view opens the section). The Custom Sets tab
 * (custom-bracket-sets.manage) holds the sets created by management and the organization's Enable
 * switch for custom bracket sets.
 */
export function BracketsSection({ organizationId, readOnly }: { organizationId: number; readOnly: boolean }) {
  const { can } = useOrganizationPermissions(organizationId);
  const visible = can(
    'bracket-libraries.manage',
    'bracket-libraries.update',
    'bracket-libraries.view',
    'organization.bracket-libraries.view',
  );
  const managesSets = can('custom-bracket-sets.manage');
  const query = useBracketLibraries(organizationId, visible);
  const store = useStoreBracketLibraries(organizationId);
  const [tab, setTab] = useState(0);
  const [adding, setAdding] = useState(false);
  if (!visible && !managesSets) return null;
  const current = visible ? tab : 1;
  const abilities = query.data?.abilities;
  const canAdd = Boolean(abilities?.add) && !readOnly;

  return (
    <Card component="section" id="brackets" aria-labelledby="brackets-title">
      <CardHeader
        title="Brackets"
        slotProps={{ title: { id: 'brackets-title', component: 'h2', variant: 'h6' } }}
        action={
          canAdd && current === 0 ? (
            <Button startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add Libraries
            </Button>
          ) : undefined
        }
      />
      <Tabs value={current} onChange={(_e, v: number) => setTab(v)} aria-label="Brackets" sx={{ px: 2 }}>
        {visible && <Tab label="Libraries" value={0} id="brackets-tab-0" aria-controls="brackets-panel-0" />}
        {managesSets && (
          <Tab label="Custom Sets" value={1} id="brackets-tab-1" aria-controls="brackets-panel-1" />
        )}
      </Tabs>
      {current === 1 ? (
        <CardContent role="tabpanel" id="brackets-panel-1" aria-labelledby="brackets-tab-1">
          <CustomSetsPanel
            organizationId={organizationId}
            filter="created_by_management"
            readOnly={readOnly}
          />
        </CardContent>
      ) : (
        <CardContent role="tabpanel" id="brackets-panel-0" aria-labelledby="brackets-tab-0">
          {query.isPending ? (
            <Stack sx={{ alignItems: 'center', py: 3 }}>
              <CircularProgress aria-label="Loading bracket libraries" />
            </Stack>
          ) : query.isError ? (
            <Alert severity="error">{errorMessage(query.error)}</Alert>
          ) : (
            <BracketLibraryList
              organizationId={organizationId}
              libraries={query.data.data}
              abilities={
                readOnly
                  ? {
                      ...query.data.abilities,
                      add: false,
                      update: false,
                      remove: false,
                      edit_inventory: false,
                    }
                  : query.data.abilities
              }
            />
          )}
        </CardContent>
      )}
      {adding && (
        <UploadLibrariesDialog
          open
          kind="bracket"
          organizationId={organizationId}
          existingNames={query.data?.data.map((l) => l.file_name) ?? []}
          onClose={() => setAdding(false)}
          onSave={(upload_ids, format) => store.mutateAsync({ upload_ids, format })}
        />
      )}
    </Card>
  );
}
