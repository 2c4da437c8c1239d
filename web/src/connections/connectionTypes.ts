import { connectionTexts } from './texts.ts';

const texts = connectionTexts;

/** The built-in tracker types (spec section 3); a third-party tracker has its own id. */
export const BUILT_IN_TYPES = ['github', 'jira', 'azure', 'miro', 'webhook'] as const;
export type BuiltInType = (typeof BUILT_IN_TYPES)[number];

/** Spec section 9: the Azure work item types, Task first (the default). */
export const WORK_ITEM_TYPES = ['Task', 'Bug', 'User Story', 'Issue'] as const;
export type WorkItemType = (typeof WORK_ITEM_TYPES)[number];

export function isBuiltInType(type: string): type is BuiltInType {
  return (BUILT_IN_TYPES as readonly string[]).includes(type);
}

/** What the screen calls a tracker type: its name for the built-ins, its id for a third-party tracker. */
export function typeLabel(type: string): string {
  return isBuiltInType(type) ? texts.types[type].label : type;
}

/** What the type's project identifier is (a repository, a project key, a board). */
export function identifierHint(type: string): string | undefined {
  if (type === '') return undefined;
  return isBuiltInType(type) ? texts.types[type].identifierHint : texts.otherTypeHint;
}

/** A credential field's label, e.g. 'API Token'; a third-party tracker's field shows its own name. */
export function credentialLabel(type: string, field: string): string {
  if (!isBuiltInType(type)) return field;
  const labels: Record<string, string> = texts.types[type].credentials;
  return labels[field] ?? field;
}

/** The types whose self-hosted servers have their own address (GitHub Enterprise Server, Azure DevOps Server). */
export function baseUrlTexts(type: string): { label: string; hint: string } | null {
  if (type !== 'github' && type !== 'azure') return null;
  const { baseUrl, baseUrlHint } = texts.types[type];
  return { label: baseUrl, hint: baseUrlHint };
}
