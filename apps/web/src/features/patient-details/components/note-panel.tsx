import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * The title with 'N/A' when the panel holds nothing, in one pair of brackets:
 * 'Atoms (N/A)', 'Internal Notes (Doctor, N/A)'.
 */
export function notePanelTitle(title: string, empty: boolean): string {
  if (!empty) return title;
  return title.endsWith(')') ? `${title.slice(0, -1)}, N/A)` : `${title} (N/A)`;
}

/**
 * A collapsible note panel of the patient page: 'N/A' with the title when it holds nothing,
 * a green header when `highlight` (case notes exist). The open panel is 900px wide at most and
 * up to 600px tall (the conversation at least 400px); its content scrolls.
 */
export function NotePanel({
  title,
  subtitle,
  empty,
  highlight = false,
  defaultExpanded = false,
  tall = false,
  children,
}: {
  title: string;
  /** A line under the title saying what the panel holds. */
  subtitle?: string;
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
        <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {notePanelTitle(title, empty)}
          </Typography>
          {subtitle && (
            <Typography
              component="span"
              variant="body2"
              sx={{ color: highlight ? 'inherit' : 'text.secondary' }}
            >
              {subtitle}
            </Typography>
          )}
        </Box>
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
