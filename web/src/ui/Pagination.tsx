import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { visuallyHidden } from './visuallyHidden.ts';
import { pageSlots } from './Pagination.logic.ts';

export const paginationTexts = {
  navigation: 'Pagination',
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
  page: (page: number) => `Page ${page}`,
  morePages: 'More pages',
} as const;

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  totalPages: number;
  onChange(page: number): void;
  /** Names the navigation landmark when a screen has more than one list (default 'Pagination'). */
  label?: string;
  disabled?: boolean;
}

/**
 * The pagination control of the spec's "Screens and routes" and "Business constants and limits": first / previous, up
 * to 5 numbered pages with ellipses
 * (the first and last page always shown), next / last. Renders nothing for a single page.
 */
export function Pagination({ page, totalPages, onChange, label = paginationTexts.navigation, disabled = false }: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  const go = (target: number) => {
    if (target !== current && target >= 1 && target <= totalPages) onChange(target);
  };
  const atStart = disabled || current <= 1;
  const atEnd = disabled || current >= totalPages;

  return (
    <Box component="nav" aria-label={label}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 0.5,
        }}
      >
        <li>
          <IconButton aria-label={paginationTexts.first} disabled={atStart} onClick={() => go(1)} size="small">
            <FirstPageIcon fontSize="small" />
          </IconButton>
        </li>
        <li>
          <IconButton aria-label={paginationTexts.previous} disabled={atStart} onClick={() => go(current - 1)} size="small">
            <NavigateBeforeIcon fontSize="small" />
          </IconButton>
        </li>
        {pageSlots(current, totalPages).map((slot) =>
          typeof slot === 'number' ? (
            <li key={slot}>
              <Button
                size="small"
                variant={slot === current ? 'contained' : 'text'}
                aria-label={paginationTexts.page(slot)}
                aria-current={slot === current ? 'page' : undefined}
                disabled={disabled}
                onClick={() => go(slot)}
                sx={{ minWidth: 36, px: 1 }}
              >
                {slot}
              </Button>
            </li>
          ) : (
            <Box component="li" key={slot} sx={{ px: 0.5, color: 'text.secondary' }}>
              <span aria-hidden="true">…</span>
              <Box component="span" sx={visuallyHidden}>
                {paginationTexts.morePages}
              </Box>
            </Box>
          ),
        )}
        <li>
          <IconButton aria-label={paginationTexts.next} disabled={atEnd} onClick={() => go(current + 1)} size="small">
            <NavigateNextIcon fontSize="small" />
          </IconButton>
        </li>
        <li>
          <IconButton aria-label={paginationTexts.last} disabled={atEnd} onClick={() => go(totalPages)} size="small">
            <LastPageIcon fontSize="small" />
          </IconButton>
        </li>
      </Box>
    </Box>
  );
}
