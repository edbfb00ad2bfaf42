import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * A collapsible note panel of the patient page: '(N/A)' after the title when it holds nothing,
 * a green header when `highlight` (case notes exist). The open panel is 900px wide at most and
 * up to 600px tall (the conversation at least 400px); its content scrolls.
 */
export function NotePanel({
  title,
  empty,
  highlight = false,
  defaultExpanded = false,
  tall = false,
  children,
}: {
  title: string;
  empty: boolean;
  highlight?: boolean;
  defaultExpanded?: boolean;
  /** The conversation panel keeps at least 400px of height. */
  tall?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ maxWidth: 900, width: '100%' }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls={`${id}-content`}
        id={`${id}-header`}
        data-highlighted={highlight ? 'true' : 'false'}
        sx={
          highlight
            ? {
                bgcolor: 'success.main',
                color: 'success.contrastText',
                '& .MuiSvgIcon-root': { color: 'inherit' },
              }
            : undefined
        }
      >
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {title}
          {empty ? ' (N/A)' : ''}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>
        <Box
          sx={{
            minHeight: tall ? 400 : undefined,
            maxHeight: 600,
            display: 'flex',
            flexDirection: 'column',
            overflowY: 'auto',
          }}
        >
          {children}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
