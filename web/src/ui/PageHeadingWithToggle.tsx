import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PageHeading, type PageHeadingProps } from './PageHeading.tsx';
import { SpreadRow } from './SpreadRow.tsx';

export interface PageHeadingWithToggleProps extends Omit<PageHeadingProps, 'gap'> {
  /** The button's label, e.g. 'Add Connection'. */
  toggleLabel: string;
  /** Whether the form the button opens is open. */
  expanded: boolean;
  /** The id of that form, while it is shown. */
  controls: string | undefined;
  onToggle: () => void;
}

/** A page's heading with the button that opens (and closes) its create form beside it. */
export function PageHeadingWithToggle({ toggleLabel, expanded, controls, onToggle, ...heading }: PageHeadingWithToggleProps) {
  return (
    <SpreadRow sx={{ mb: 3 }}>
      <Box>
        <PageHeading {...heading} gap={0} />
      </Box>
      <Button variant="contained" startIcon={<AddIcon />} aria-expanded={expanded} aria-controls={controls} onClick={onToggle} sx={{ flexShrink: 0 }}>
        {toggleLabel}
      </Button>
    </SpreadRow>
  );
}
