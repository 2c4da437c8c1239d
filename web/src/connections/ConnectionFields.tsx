import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { TextInput } from '../ui/FormFields.tsx';
import { SelectField, type SelectOption } from '../ui/ListControls.tsx';
import { credentialFieldsOf, MAX_TEXT_LENGTH, type ConnectionDraft, type FormMode } from './connectionForm.ts';
import { BUILT_IN_TYPES, WORK_ITEM_TYPES, baseUrlTexts, credentialLabel, identifierHint, typeLabel, type WorkItemType } from './connectionTypes.ts';
import { FormSection } from './FormSection.tsx';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts.form;

const typeOptions: readonly SelectOption<string>[] = [
  { value: '', label: texts.chooseType },
  ...BUILT_IN_TYPES.map((type) => ({ value: type, label: typeLabel(type) })),
];
const workItemOptions: readonly SelectOption<WorkItemType>[] = WORK_ITEM_TYPES.map((type) => ({ value: type, label: type }));

export interface ConnectionFieldsProps {
  draft: ConnectionDraft;
  mode: FormMode;
  /** Which credential fields the saved connection has (edit only). */
  saved: Record<string, boolean>;
  disabled: boolean;
  onChange(patch: Partial<ConnectionDraft>): void;
}

/** A group of fields in two columns on wider screens. */
function FieldGroup({ heading, hint, children }: { heading: string; hint?: string; children: ReactNode }) {
  return (
    <FormSection heading={heading} hint={hint}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2.5 }}>{children}</Box>
    </FormSection>
  );
}

/**
 * The name, type and project identifier, the type's credentials and its settings. On edit a credential field
 * left empty keeps the saved value, and the type stays as it is (its saved credentials belong to it).
 */
export function ConnectionFields({ draft, mode, saved, disabled, onChange }: ConnectionFieldsProps) {
  const type = draft.connectionType;
  const fields = type === '' ? [] : credentialFieldsOf(type, saved);
  const baseUrl = baseUrlTexts(type);

  const credentialHint = (field: string, label: string) => {
    if (mode === 'create') return undefined;
    return saved[field] ? texts.keepSaved(label) : texts.notSaved(label);
  };

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2.5 }}>
      <TextField
        label={texts.name}
        name="name"
        required
        fullWidth
        autoFocus
        disabled={disabled}
        value={draft.name}
        helperText={texts.nameHint}
        onChange={(event) => onChange({ name: event.target.value })}
        slotProps={{ htmlInput: { maxLength: MAX_TEXT_LENGTH } }}
      />
      {mode === 'create' ? (
        <SelectField
          size="medium"
          fullWidth
          label={texts.type}
          name="connectionType"
          disabled={disabled}
          value={type}
          options={typeOptions}
          // Secrets typed for one tracker are not carried over to another.
          onChange={(connectionType) => onChange({ connectionType, credentials: {} })}
        />
      ) : (
        <TextInput label={texts.type} name="connectionType" value={typeLabel(type)} helperText={texts.typeFixed} />
      )}
      <TextField
        label={texts.projectIdentifier}
        name="projectIdentifier"
        required
        fullWidth
        disabled={disabled}
        value={draft.projectIdentifier}
        helperText={identifierHint(type)}
        onChange={(event) => onChange({ projectIdentifier: event.target.value })}
        slotProps={{ htmlInput: { maxLength: MAX_TEXT_LENGTH, autoCapitalize: 'none', spellCheck: false } }}
        sx={{ gridColumn: '1 / -1' }}
      />

      {fields.length > 0 && (
        <FieldGroup heading={texts.credentialsHeading} hint={mode === 'edit' ? texts.credentialsKept : undefined}>
          {fields.map(({ field, required, secret }) => {
            const label = credentialLabel(type, field);
            return (
              <TextField
                key={`${type}-${field}`}
                label={label}
                name={field}
                type={secret ? 'password' : field === 'url' ? 'url' : 'text'}
                // Credentials of a tracker, never the user's own password: keep password managers out.
                autoComplete={secret ? 'new-password' : 'off'}
                required={mode === 'create' && required}
                fullWidth
                disabled={disabled}
                value={draft.credentials[field] ?? ''}
                helperText={credentialHint(field, label)}
                onChange={(event) => onChange({ credentials: { ...draft.credentials, [field]: event.target.value } })}
                slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
              />
            );
          })}
        </FieldGroup>
      )}

      {(baseUrl !== null || type === 'jira' || type === 'azure') && (
        <FieldGroup heading={texts.settingsHeading}>
          {type === 'jira' && (
            <Box sx={{ gridColumn: '1 / -1' }}>
              <FormControlLabel
                control={
                  <Switch
                    name="includePriority"
                    checked={draft.includePriority}
                    disabled={disabled}
                    onChange={(event) => onChange({ includePriority: event.target.checked })}
                    slotProps={{ input: { 'aria-describedby': 'include-priority-hint' } }}
                  />
                }
                label={texts.includePriority}
              />
              <FormHelperText id="include-priority-hint">{texts.includePriorityHint}</FormHelperText>
            </Box>
          )}
          {type === 'azure' && (
            <SelectField
              size="medium"
              fullWidth
              label={texts.workItemType}
              name="workItemType"
              disabled={disabled}
              value={draft.workItemType}
              options={workItemOptions}
              onChange={(workItemType) => onChange({ workItemType })}
            />
          )}
          {baseUrl !== null && (
            <TextField
              label={baseUrl.label}
              name="baseUrl"
              type="url"
              fullWidth
              disabled={disabled}
              value={draft.baseUrl}
              helperText={baseUrl.hint}
              onChange={(event) => onChange({ baseUrl: event.target.value })}
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
              sx={{ gridColumn: '1 / -1' }}
            />
          )}
        </FieldGroup>
      )}
    </Box>
  );
}
