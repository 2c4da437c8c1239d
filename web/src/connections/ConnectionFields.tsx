import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { TextInput } from '../ui/FormFields.tsx';
import { SelectField, type SelectOption } from '../ui/ListControls.tsx';
import { MAX_TEXT_LENGTH, settingValue, type ConnectionDraft, type FormMode } from './connectionForm.ts';
import type { TypeForm } from './connectionTypes.ts';
import { FormSection } from './FormSection.tsx';
import { SettingField } from './SettingField.tsx';
import { connectionTexts } from './texts.ts';

const texts = connectionTexts.form;

export interface ConnectionFieldsProps {
  draft: ConnectionDraft;
  mode: FormMode;
  /** The fields of the chosen type. */
  form: TypeForm;
  /** The types to choose from (create only), as the server offers them. */
  typeOptions: readonly SelectOption<string>[];
  /** Which credential fields the saved connection has (edit only). */
  saved: Record<string, boolean>;
  /** Whose sign-in made the saved connection, if one did (edit only): its token fields are not asked for. */
  signedInWith?: string | undefined;
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
 * The name, type and project identifier, the type's credentials and its settings, as its schemas declare them.
 * On edit a credential field left empty keeps the saved value, and the type stays as it is (its saved credentials
 * belong to it).
 */
export function ConnectionFields({ draft, mode, form, typeOptions, saved, signedInWith, disabled, onChange }: ConnectionFieldsProps) {
  const type = draft.connectionType;
  // A connection made by sign-in has the vendor's token instead of the typed ones (Jira: no e-mail or API token;
  // Azure DevOps: no PAT): only the fields it has (a site URL, an organization) are shown.
  const credentials = mode === 'edit' && signedInWith ? form.credentials.filter(({ field }) => saved[field]) : form.credentials;
  const credentialsHint = mode === 'create' ? undefined : signedInWith ? texts.signedIn(signedInWith) : texts.credentialsKept;

  const credentialHint = (field: string, label: string, hint: string | undefined) => {
    if (mode === 'create') return hint;
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
          options={[{ value: '', label: texts.chooseType }, ...typeOptions]}
          // Secrets typed for one tracker are not carried over to another, nor are its settings.
          onChange={(connectionType) => onChange({ connectionType, credentials: {}, settings: {} })}
        />
      ) : (
        <TextInput label={texts.type} name="connectionType" value={form.name} helperText={texts.typeFixed} />
      )}
      <TextField
        label={texts.projectIdentifier}
        name="projectIdentifier"
        required
        fullWidth
        disabled={disabled}
        value={draft.projectIdentifier}
        helperText={form.identifierHint}
        onChange={(event) => onChange({ projectIdentifier: event.target.value })}
        slotProps={{ htmlInput: { maxLength: MAX_TEXT_LENGTH, autoCapitalize: 'none', spellCheck: false } }}
        sx={{ gridColumn: '1 / -1' }}
      />

      {form.credentials.length > 0 && (
        <FieldGroup heading={texts.credentialsHeading} hint={credentialsHint}>
          {credentials.map(({ field, label, hint, required, secret, inputType }) => (
            <TextField
              key={`${type}-${field}`}
              label={label}
              name={field}
              type={inputType}
              // Credentials of a tracker, never the user's own password: keep password managers out.
              autoComplete={secret ? 'new-password' : 'off'}
              required={mode === 'create' && required}
              fullWidth
              disabled={disabled}
              value={draft.credentials[field] ?? ''}
              helperText={credentialHint(field, label, hint)}
              onChange={(event) => onChange({ credentials: { ...draft.credentials, [field]: event.target.value } })}
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
            />
          ))}
        </FieldGroup>
      )}

      {form.settings.length > 0 && (
        <FieldGroup heading={texts.settingsHeading}>
          {form.settings.map((setting) => (
            <SettingField
              key={`${type}-${setting.field}`}
              setting={setting}
              value={settingValue(draft, setting)}
              disabled={disabled}
              onChange={(value) => onChange({ settings: { ...draft.settings, [setting.field]: value } })}
            />
          ))}
        </FieldGroup>
      )}
    </Box>
  );
}
