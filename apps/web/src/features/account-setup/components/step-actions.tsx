import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** The wizard's Back / Next row: Back on the left (none on the first step), the step's Next on the right. */
export function StepActions({
  onBack,
  backDisabled = false,
  next,
}: {
  onBack?: () => void;
  backDisabled?: boolean;
  next: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        gap: 2,
        mt: 4,
        pt: 2,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {onBack ? (
        <Button onClick={onBack} disabled={backDisabled}>
          Back
        </Button>
      ) : (
        <span />
      )}
      {next}
    </Box>
  );
}
