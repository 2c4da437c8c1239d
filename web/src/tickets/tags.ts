/** Adds tags to a list: each is trimmed; empty ones and ones already present (ignoring case) are left out. */
export function addTags(current: readonly string[], candidates: readonly string[]): string[] {
  const result = [...current];
  const seen = new Set(current.map((tag) => tag.toLowerCase()));
  for (const candidate of candidates) {
    const tag = candidate.trim();
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    result.push(tag);
  }
  return result;
}

/** Pasted text becomes one tag per comma-separated part. */
export function splitTags(text: string): string[] {
  return text.split(',');
}
