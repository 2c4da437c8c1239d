/** Participant names mapped to tracker usernames (a connection's settings.userMappings). */
export type UserMappings = Record<string, string>;

const matchable = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The tracker username mapped to an assignee: the entry of that exact name, else one that differs only in case and spaces. */
export function mappedUsername(mappings: UserMappings, assignee: string | null | undefined): string | null {
  const name = assignee?.trim();
  if (!name) return null;
  const exact = mappings[name]?.trim();
  if (exact) return exact;
  const wanted = matchable(name);
  const found = Object.entries(mappings).find(([mapped, username]) => matchable(mapped) === wanted && username.trim());
  return found ? found[1].trim() : null;
}

/** The mappings with `updates` merged in, names and usernames trimmed, empty ones left out. */
export function mergeUserMappings(mappings: UserMappings, updates: UserMappings): UserMappings {
  const merged: UserMappings = {};
  for (const [name, username] of [...Object.entries(mappings), ...Object.entries(updates)]) {
    const [key, value] = [name.trim(), username.trim()];
    if (key && value) merged[key] = value;
  }
  return merged;
}
