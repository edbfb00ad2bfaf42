import Box from '@mui/material/Box';
import type { Marker } from '@archline/contracts/form-builder';

/** A case marker: its one-character symbol on its colour. */
export function MarkerBadge({ marker, title }: { marker: Marker; title?: string }) {
  return (
    <Box
      component="span"
      title={title ?? `Marker ${marker.symbol}`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 22,
        height: 22,
        px: 0.5,
        borderRadius: 1,
        bgcolor: marker.color,
        color: (theme) => theme.palette.getContrastText(marker.color),
        fontSize: 13,
        fontWeight: 700,
        lineHeight: 1,
        verticalAlign: 'middle',
      }}
    >
      {marker.symbol}
    </Box>
  );
}
