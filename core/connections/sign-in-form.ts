/**
 * What a "Connect with …" sign-in needs from the form before the browser leaves for the vendor: the fields its
 * credentials keep from the form (Jira's site URL, Azure DevOps' organization), filled in and in the form the tracker
 * takes. Checked before the redirect, so a missing or mistyped one is said at once, not after the user has consented
 * at the vendor.
 */
import type { PluginManifest, TrackerOAuth } from '../../plugins/sdk/index.ts';
import type { Credentials } from './credentials.ts';
import { InvalidInput } from '../errors.ts';
import { credentialFields, fieldLabel, propertiesOf, requiredFields } from './tracker-types.ts';

export function checkSignInForm(manifest: PluginManifest, oauth: TrackerOAuth, given: Credentials): void {
  const fromForm = credentialFields(manifest);
  for (const field of requiredFields(oauth.credentialsSchema).filter((name) => fromForm.includes(name))) {
    const label = fieldLabel(manifest.credentialsSchema, field);
    const property = propertiesOf(manifest.credentialsSchema)[field] ?? {};
    const value = typeof given[field] === 'string' ? given[field].trim() : '';
    if (!value) {
      throw new InvalidInput(`Fill in the ${label} before choosing "Connect with ${oauth.provider}": the sign-in is for the ${label} typed in the form.`);
    }
    const web = property.format !== 'uri' || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol));
    const shaped = typeof property.pattern !== 'string' || new RegExp(property.pattern, 'u').test(value);
    if (!web || !shaped) {
      const description = typeof property.description === 'string' ? property.description.trim() : '';
      const example = description ? `: ${description.charAt(0).toLowerCase()}${description.slice(1)}` : '.';
      throw new InvalidInput(`The ${label} '${value}' is not one ${manifest.name} can sign in to. Correct it and choose "Connect with ${oauth.provider}" again${example}`);
    }
  }
}
