import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';

/**
 * A button that, while disabled, says why: a tooltip on a focusable wrapper (a disabled button
 * receives neither pointer nor keyboard focus), which names the action and the reason.
 */
export function ExplainedButton({
  reason,
  children,
  ...button
}: ButtonProps & { reason: string | null; children: string }) {
  if (!reason) return <Button {...button}>{children}</Button>;
  return (
    <Tooltip title={reason} describeChild>
      <span tabIndex={0} aria-label={`${children}: ${reason}`} style={{ display: 'inline-flex' }}>
        <Button {...button} disabled>
          {children}
        </Button>
      </span>
    </Tooltip>
  );
}
