import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface SelectOption<T extends string | number> {
  value: T;
  label: string;
}

/** A small labelled select, as the list screens use for sort, order and page size. */
export function SelectField<T extends string | number>(props: {
  label: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange(value: T): void;
}) {
  const { label, value, options, onChange } = props;
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value}
      onChange={(event) => {
        const chosen = options.find((option) => String(option.value) === String(event.target.value));
        if (chosen) onChange(chosen.value);
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The page-size choices as select options. */
export const pageSizeOptions = (sizes: readonly number[]): SelectOption<number>[] => sizes.map((size) => ({ value: size, label: String(size) }));
