import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export type TeethValues = Record<string, number>;

/** Blue: missing or extract (1). Green: keep space (2). */
const TOOTH_COLOURS: Record<number, { bg: string; fg: string; label: string }> = {
  1: { bg: '#1565c0', fg: '#ffffff', label: 'missing or extract' },
  2: { bg: '#1e6b34', fg: '#ffffff', label: 'keep space' },
};

/** u00..u15 are UR8..UR1 then UL1..UL8; l00..l15 are LR8..LR1 then LL1..LL8. */
function toothLabel(key: string): string {
  const index = Number(key.slice(1));
  const jaw = key.startsWith('u') ? 'U' : 'L';
  return index < 8 ? `${jaw}R${8 - index}` : `${jaw}L${index - 7}`;
}

function keys(jaw: 'u' | 'l', from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i += 1) out.push(`${jaw}${String(i).padStart(2, '0')}`);
  return out;
}

function Quadrant({ teeth, values }: { teeth: string[]; values: TeethValues }) {
  return (
    <Box component="ul" sx={{ display: 'flex', gap: '2px', listStyle: 'none', p: 0, m: 0 }}>
      {teeth.map((key) => {
        const value = values[key] ?? 0;
        const colour = TOOTH_COLOURS[value];
        const label = toothLabel(key);
        return (
          <Box
            component="li"
            key={key}
            data-tooth={key}
            data-value={value}
            aria-label={colour ? `${label}: ${colour.label}` : label}
            sx={{
              width: 26,
              height: 26,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              borderRadius: 1,
              fontSize: 11,
              border: '1px solid',
              borderColor: colour ? colour.bg : 'divider',
              bgcolor: colour ? colour.bg : 'background.paper',
              color: colour ? colour.fg : 'text.primary',
            }}
          >
            {label.slice(2)}
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * The tooth chart of an Rx form, read-only: the upper jaw (Upper Right, Maxillary, Upper Left)
 * over the lower jaw (Lower Right, Mandibular, Lower Left).
 */
export function ToothChart({ teeth }: { teeth: TeethValues }) {
  const id = useId();
  const row = (jaw: 'u' | 'l', right: string, middle: string, left: string) => (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        columnGap: 1,
        width: 'max-content',
        mx: 'auto',
      }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'left' }}>
        {right}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'right' }}>
        {left}
      </Typography>
      <Quadrant teeth={keys(jaw, 0, 8)} values={teeth} />
      <Quadrant teeth={keys(jaw, 8, 16)} values={teeth} />
      <Typography
        variant="subtitle2"
        component="p"
        sx={{ gridColumn: '1 / span 2', textAlign: 'center', my: 0.5 }}
      >
        {middle}
      </Typography>
    </Box>
  );
  return (
    <Box role="group" aria-labelledby={`${id}-title`}>
      <Typography id={`${id}-title`} variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        Teeth
      </Typography>
      {row('u', 'Upper Right', 'Maxillary', 'Upper Left')}
      {row('l', 'Lower Right', 'Mandibular', 'Lower Left')}
      <Box sx={{ display: 'flex', gap: 2, mt: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        {[1, 2].map((value) => (
          <Box key={value} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              aria-hidden="true"
              sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: TOOTH_COLOURS[value]!.bg }}
            />
            <Typography variant="caption">{value === 1 ? 'Missing / Extract' : 'Keep Space'}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
