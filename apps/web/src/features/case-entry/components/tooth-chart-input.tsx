import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  TOOTH_KEYS,
  TOOTH_VALUE_NAMES,
  nextToothValue,
  toothLabel,
  type ToothValue,
} from '@archline/contracts';

const UPPER = TOOTH_KEYS.filter((k) => k.startsWith('u'));
const LOWER = TOOTH_KEYS.filter((k) => k.startsWith('l'));

const COLORS: Record<ToothValue, { bg: string; fg: string; border: string }> = {
  0: { bg: '#ffffff', fg: '#212121', border: '#757575' },
  1: { bg: '#1565c0', fg: '#ffffff', border: '#0d47a1' },
  2: { bg: '#2e7d32', fg: '#ffffff', border: '#1b5e20' },
};

interface Props {
  value: Record<string, number>;
  onChange: (value: Record<string, ToothValue>) => void;
  disabled?: boolean;
}

function Tooth({
  toothKey,
  value,
  onClick,
  disabled,
}: {
  toothKey: string;
  value: ToothValue;
  onClick: () => void;
  disabled?: boolean;
}) {
  const label = toothLabel(toothKey);
  const c = COLORS[value];
  return (
    <ButtonBase
      onClick={onClick}
      disabled={disabled}
      aria-label={`${label}: ${TOOTH_VALUE_NAMES[value]}`}
      data-tooth={toothKey}
      data-value={value}
      sx={{
        width: 40,
        height: 40,
        borderRadius: 1,
        border: `2px solid ${c.border}`,
        bgcolor: c.bg,
        color: c.fg,
        fontSize: 12,
        fontWeight: 600,
        '&.Mui-focusVisible': { outline: '3px solid #ff9800', outlineOffset: 2 },
      }}
    >
      {label.slice(2)}
    </ButtonBase>
  );
}

/**
 * The 32-tooth chart of the case: a click (or Enter / Space) cycles a tooth through none, missing /
 * extract (blue) and keep space (green). The quadrants are labelled.
 */
export function ToothChartInput({ value, onChange, disabled }: Props) {
  const valueOf = (k: string) => (value[k] ?? 0) as ToothValue;
  const toggle = (k: string) =>
    onChange({ ...(value as Record<string, ToothValue>), [k]: nextToothValue(valueOf(k)) });
  const row = (keys: readonly string[]) => (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
      {keys.slice(0, 8).map((k) => (
        <Tooth key={k} toothKey={k} value={valueOf(k)} onClick={() => toggle(k)} disabled={disabled} />
      ))}
      <Box sx={{ width: 12 }} aria-hidden />
      {keys.slice(8).map((k) => (
        <Tooth key={k} toothKey={k} value={valueOf(k)} onClick={() => toggle(k)} disabled={disabled} />
      ))}
    </Stack>
  );
  return (
    <Box role="group" aria-label="Teeth" data-testid="tooth-chart-input" sx={{ overflowX: 'auto' }}>
      <Stack spacing={1} sx={{ minWidth: 720 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography variant="body2">Upper Right</Typography>
          <Typography variant="body2">Upper</Typography>
          <Typography variant="body2">Upper Left</Typography>
        </Stack>
        {row(UPPER)}
        {row(LOWER)}
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography variant="body2">Lower Right</Typography>
          <Typography variant="body2">Lower</Typography>
          <Typography variant="body2">Lower Left</Typography>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
          <Legend color={COLORS[1].bg} text={TOOTH_VALUE_NAMES[1]} />
          <Legend color={COLORS[2].bg} text={TOOTH_VALUE_NAMES[2]} />
        </Stack>
      </Stack>
    </Box>
  );
}

function Legend({ color, text }: { color: string; text: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box sx={{ width: 14, height: 14, bgcolor: color, borderRadius: 0.5 }} aria-hidden />
      <Typography variant="body2">{text}</Typography>
    </Stack>
  );
}
