import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

/** The spec's "Business constants and limits": list page sizes, default 10. */
export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The server takes a search text of up to 200 characters. */
const MAX_SEARCH_LENGTH = 200;

export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
}

export interface SelectFieldProps<T extends string | number> {
  label: string;
  name?: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange(value: T): void;
  /** 'small' for list controls (default), 'medium' in forms. */
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

/** A labelled select of fixed options; an option whose value is '' (e.g. 'All' or 'Not set') shows as chosen. */
export function SelectField<T extends string | number>({ options, onChange, size = 'small', ...field }: SelectFieldProps<T>) {
  return (
    <TextField
      select
      size={size}
      {...field}
      onChange={(event) => {
        const chosen = options.find((option) => String(option.value) === String(event.target.value));
        if (chosen) onChange(chosen.value);
      }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const pageSizeOptions: readonly SelectOption<number>[] = PAGE_SIZES.map((size) => ({ value: size, label: String(size) }));

/** The page-size select of the list screens. */
export function PageSizeSelect(props: { label: string; name?: string; value: number; onChange(size: number): void; sx?: SxProps<Theme> }) {
  return <SelectField {...props} options={pageSizeOptions} />;
}

export interface SearchFieldProps {
  label: string;
  placeholder?: string;
  helperText?: string;
  name?: string;
  value: string;
  onChange(value: string): void;
  /** A magnifier in front of the text. */
  icon?: boolean;
  sx?: SxProps<Theme>;
}

/** A search box: the text is searched as it is typed, so Enter does nothing (it must not submit a form around it). */
export function SearchField({ onChange, icon = false, ...field }: SearchFieldProps) {
  const adornment = icon ? (
    <InputAdornment position="start">
      <SearchIcon fontSize="small" aria-hidden="true" />
    </InputAdornment>
  ) : undefined;
  return (
    <TextField
      type="search"
      size="small"
      fullWidth
      {...field}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      slotProps={{ htmlInput: { maxLength: MAX_SEARCH_LENGTH }, input: { startAdornment: adornment } }}
    />
  );
}
