import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LIBRARY_LIMITS,
  LIBRARY_MESSAGES,
  clampIncrement,
  fullStock,
  inventoryDirty,
  isDigits,
  isLowStock,
  needsReason,
  stockTotal,
  type BracketLibrary,
  type StockLine,
} from '@archline/contracts';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { useBracketInventory, useUpdateBracketInventory } from '../api/inventory.ts';

const QUADRANTS = [
  { key: 'UR', label: 'Upper Right' },
  { key: 'UL', label: 'Upper Left' },
  { key: 'LR', label: 'Lower Right' },
  { key: 'LL', label: 'Lower Left' },
] as const;

/**
 * A library's stock per tooth. Editors change each tooth by an increment (a total never goes
 * below zero) and the low-stock threshold; Save asks for a reason when an increment is not zero,
 * Discard resets, Close leaves when nothing changed. Readers see the stock only.
 */
export function InventoryDialog({
  organizationId,
  library,
  canEdit,
  onClose,
}: {
  organizationId: number;
  library: BracketLibrary;
  canEdit: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const query = useBracketInventory(organizationId, library.id);
  const save = useUpdateBracketInventory(organizationId, library.id);
  const [stocks, setStocks] = useState<StockLine[]>([]);
  const [threshold, setThreshold] = useState('0');
  const [askReason, setAskReason] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const saved = query.data;

  function reset() {
    if (!saved) return;
    setStocks(fullStock(saved.stocks));
    setThreshold(String(saved.low_stock_threshold));
  }
  // A fresh answer (the first load, or after a save) becomes the form's starting point.
  const [base, setBase] = useState<typeof saved>(undefined);
  if (saved !== base) {
    setBase(saved);
    if (saved) {
      setStocks(fullStock(saved.stocks));
      setThreshold(String(saved.low_stock_threshold));
    }
  }

  const thresholdValue = threshold === '' ? 0 : Number(threshold);
  const dirty = saved ? inventoryDirty(stocks, thresholdValue, saved.low_stock_threshold) : false;

  function setIncrement(tooth: string, value: number) {
    setStocks((list) =>
      list.map((s) =>
        s.tooth_number === tooth ? { ...s, increment: clampIncrement(s.available, value) } : s,
      ),
    );
  }

  async function submit(withReason: string | null) {
    try {
      const result = await save.mutateAsync({
        stocks: stocks
          .filter((s) => s.increment !== 0)
          .map((s) => ({ tooth_number: s.tooth_number, increment: s.increment })),
        low_stock_threshold: thresholdValue,
        reason: withReason,
      });
      notifySuccess(result.message);
      setAskReason(false);
      setReason('');
    } catch (error) {
      notifyError(error);
    }
  }

  function onSave() {
    if (needsReason(stocks)) {
      setReasonError(null);
      setAskReason(true);
    } else void submit(null);
  }

  function confirmReason() {
    if (!reason.trim()) {
      setReasonError(LIBRARY_MESSAGES.reasonRequired);
      return;
    }
    void submit(reason.trim());
  }

  const byQuadrant = (q: string) => stocks.filter((s) => s.tooth_number.startsWith(q));

  return (
    <Dialog
      open
      onClose={dirty ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>Inventory: {library.label}</DialogTitle>
      <DialogContent tabIndex={0} role="region" aria-label="Stock per tooth">
        {query.isPending ? (
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading inventory" />
          </Stack>
        ) : query.isError ? (
          <Alert severity="error">{errorMessage(query.error)}</Alert>
        ) : (
          <Stack spacing={2}>
            <TextField
              label="Low Stock Threshold"
              value={threshold}
              onChange={(event) => {
                if (
                  isDigits(event.target.value) &&
                  Number(event.target.value || 0) <= LIBRARY_LIMITS.maxQuantity
                )
                  setThreshold(event.target.value);
              }}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
              helperText="Digits only; a tooth is low at or below this number (0 turns it off)."
              disabled={!canEdit}
              size="small"
              sx={{ maxWidth: 280 }}
            />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
              }}
            >
              {QUADRANTS.map((q) => (
                <Box component="section" key={q.key} aria-label={q.label}>
                  <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                    {q.label}
                  </Typography>
                  <Stack spacing={0.5}>
                    {byQuadrant(q.key).map((s) => {
                      const low = isLowStock(s, thresholdValue);
                      return (
                        <Stack
                          key={s.tooth_number}
                          direction="row"
                          spacing={1}
                          sx={{ alignItems: 'center' }}
                          data-testid={`tooth-${s.tooth_number}`}
                        >
                          <Typography sx={{ width: 40, fontWeight: 600 }}>{s.tooth_number}</Typography>
                          <Typography sx={{ width: 72 }} aria-label={`${s.tooth_number} available`}>
                            {s.available}
                          </Typography>
                          {canEdit && (
                            <>
                              <IconButton
                                size="small"
                                aria-label={`Decrease ${s.tooth_number}`}
                                onClick={() => setIncrement(s.tooth_number, s.increment - 1)}
                                disabled={stockTotal(s) <= 0}
                              >
                                <RemoveIcon fontSize="small" />
                              </IconButton>
                              <TextField
                                size="small"
                                value={s.increment === 0 ? '' : String(s.increment)}
                                placeholder="0"
                                onChange={(event) => {
                                  const v = event.target.value.trim();
                                  if (v === '' || v === '-') setIncrement(s.tooth_number, 0);
                                  else if (
                                    /^-?\d+$/.test(v) &&
                                    Math.abs(Number(v)) <= LIBRARY_LIMITS.maxQuantity
                                  )
                                    setIncrement(s.tooth_number, Number(v));
                                }}
                                slotProps={{
                                  htmlInput: {
                                    'aria-label': `${s.tooth_number} increment`,
                                    inputMode: 'numeric',
                                  },
                                }}
                                sx={{ width: 80 }}
                              />
                              <IconButton
                                size="small"
                                aria-label={`Increase ${s.tooth_number}`}
                                onClick={() => setIncrement(s.tooth_number, s.increment + 1)}
                              >
                                <AddIcon fontSize="small" />
                              </IconButton>
                              <Typography sx={{ width: 56 }} aria-label={`${s.tooth_number} total`}>
                                = {stockTotal(s)}
                              </Typography>
                            </>
                          )}
                          {low && <Chip size="small" color="warning" label="Low" />}
                        </Stack>
                      );
                    })}
                  </Stack>
                </Box>
              ))}
            </Box>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {canEdit && dirty ? (
          <>
            <Button onClick={reset} disabled={save.isPending}>
              Discard
            </Button>
            <Button variant="contained" onClick={onSave} disabled={save.isPending}>
              Save
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )}
      </DialogActions>
      <Dialog
        open={askReason}
        onClose={save.isPending ? undefined : () => setAskReason(false)}
        aria-labelledby={`${id}-reason`}
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id={`${id}-reason`}>Reason for the change</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Say why the stock changed; it is kept in the changelog.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label="Reason"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setReasonError(null);
            }}
            error={Boolean(reasonError)}
            helperText={reasonError ?? ' '}
            slotProps={{ htmlInput: { maxLength: LIBRARY_LIMITS.reasonMax } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAskReason(false)} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={confirmReason} disabled={save.isPending || !reason.trim()}>
            Continue
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
