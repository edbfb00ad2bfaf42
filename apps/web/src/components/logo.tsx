import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The Archline mark and name. */
export function Logo({ size = 40, inverse = false }: { size?: number; inverse?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="12" fill={inverse ? '#ffffff' : '#0b4f6c'} />
        <path
          d="M14 44c4-16 12-24 18-24s14 8 18 24"
          fill="none"
          stroke={inverse ? '#0b4f6c' : '#ffffff'}
          strokeWidth="6"
          strokeLinecap="round"
        />
      </svg>
      <Typography
        component="span"
        sx={{ fontWeight: 700, fontSize: size * 0.55, color: inverse ? '#fff' : 'primary.main' }}
      >
        Archline
      </Typography>
    </Box>
  );
}
