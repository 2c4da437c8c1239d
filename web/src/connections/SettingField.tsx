import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { SelectField } from '../ui/ListControls.tsx';
import type { SettingInput } from './connectionTypes.ts';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts.form;

export interface SettingFieldProps {
  setting: SettingInput;
  value: string | boolean;
  disabled: boolean;
  onChange(value: string | boolean): void;
}

/** One of a tracker's own settings: a switch, a choice, a URL or text, as its schema says. */
export function SettingField({ setting, value, disabled, onChange }: SettingFieldProps) {
  const { field, label, hint, kind } = setting;
  if (kind === 'boolean') {
    const hintId = `setting-${field}-hint`;
    return (
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormControlLabel
          control={
            <Switch
              name={field}
              checked={value === true}
              disabled={disabled}
              onChange={(event) => onChange(event.target.checked)}
              slotProps={{ input: hint ? { 'aria-describedby': hintId } : {} }}
            />
          }
          label={label}
        />
        {hint && <FormHelperText id={hintId}>{hint}</FormHelperText>}
      </Box>
    );
  }
  if (kind === 'enum') {
    const choices = setting.options.map((option) => ({ value: option, label: option }));
    return (
      <SelectField
        size="medium"
        fullWidth
        label={label}
        name={field}
        disabled={disabled}
        value={typeof value === 'string' ? value : ''}
        options={setting.required ? choices : [{ value: '', label: texts.notSet }, ...choices]}
        onChange={(choice: string) => onChange(choice)}
      />
    );
  }
  return (
    <TextField
      label={label}
      name={field}
      type={kind === 'uri' ? 'url' : 'text'}
      required={setting.required}
      fullWidth
      disabled={disabled}
      value={typeof value === 'string' ? value : ''}
      helperText={hint}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      sx={kind === 'uri' ? { gridColumn: '1 / -1' } : undefined}
    />
  );
}
