/** An ILIKE pattern that matches `text` anywhere, with the pattern's own wildcards in `text` escaped. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
