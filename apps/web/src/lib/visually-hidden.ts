/**
 * Styles (sx) of text read by screen readers and not shown: a column header's name where the
 * column shows only icons, a figure's spoken form. Sizes are in px: a bare 1 would mean 100% in sx.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
