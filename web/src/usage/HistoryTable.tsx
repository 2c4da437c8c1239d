import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

export interface HistoryColumn {
  label: string;
  align?: 'right';
}

export interface HistoryTableProps {
  /** The id of the heading that names the table. */
  labelledBy: string;
  columns: readonly HistoryColumn[];
  /** The rows: TableRow elements with one cell per column. */
  children: ReactNode;
}

/**
 * A compact table of past events (usage entries, payments), newest first. On a narrow screen it scrolls sideways
 * inside its own box, which can be focused so the keyboard can scroll it too.
 */
export function HistoryTable({ labelledBy, columns, children }: HistoryTableProps) {
  return (
    <TableContainer tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.align}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** 'Load More' under a list that the server pages through: 'Loading...' while the next page is on its way. */
export function LoadMoreButton({ label, busyLabel, busy, onClick }: { label: string; busyLabel: string; busy: boolean; onClick(): void }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="outlined" onClick={onClick} disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </Box>
  );
}
