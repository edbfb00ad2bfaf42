import TableContainer, { type TableContainerProps } from '@mui/material/TableContainer';
import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element scrolls sideways (a wide table on a narrow screen): such a region must be
 * reachable by keyboard so its hidden columns can be scrolled into view.
 */
function useOverflowsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

/**
 * A table's scrolling box. While the table is wider than the screen (a phone), the box is a region
 * in the tab order, named after the table, so keyboard users can scroll its hidden columns into
 * view; otherwise it is a plain box that takes no stop in the tab order.
 */
export function ScrollableTable({
  label,
  children,
  ...props
}: Omit<TableContainerProps, 'ref' | 'tabIndex' | 'role'> & {
  /** The table's accessible name; the region is named after it ("Users, scrollable"). */
  label: string;
}) {
  const scroll = useOverflowsSideways<HTMLDivElement>();
  return (
    <TableContainer
      ref={scroll.ref}
      {...props}
      {...(scroll.overflows ? { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable` } : {})}
    >
      {children}
    </TableContainer>
  );
}
