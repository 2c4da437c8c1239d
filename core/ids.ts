const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` is a UUID, checked before querying so a malformed id answers like a missing one. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
