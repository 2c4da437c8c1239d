/** What the summary's item preview shows, worked out from the server's answer (ItemPreview.tsx). */
import type { Schema } from '../api/schema.ts';

export type ItemPreviewShape = NonNullable<Schema<'PushPreview'>['preview']>;

/** The usernames typed on map-users for one connection, without the empty ones (those assignees stay unassigned). */
export function typedMappings(typed: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(typed ?? {}).filter(([, username]) => username.trim() !== ''));
}

/** The fields the preview lists: the tracker's own, then who the item is assigned to. */
export function previewFields(preview: ItemPreviewShape, words: { assignee: string; unassigned: string }): { name: string; value: string }[] {
  const assignee = preview.assignee ? (preview.assignee.name && preview.assignee.name !== preview.assignee.id ? `${preview.assignee.name} (${preview.assignee.id})` : preview.assignee.id) : words.unassigned;
  return [...preview.fields, { name: words.assignee, value: assignee }];
}

/** The create request as text: its method and address, then its JSON body, indented. */
export function requestText(request: ItemPreviewShape['request']): string {
  return `${request.method} ${request.url}\n\n${JSON.stringify(request.body, null, 2)}`;
}
