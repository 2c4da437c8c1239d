/** The signed-in user as the API returns it (keys already converted to camelCase by the client). */
export interface User {
  id: string;
  fullName: string | null;
  email: string;
  subscriptionTier: string | null;
  isSubscribed: boolean;
  transcriptsProcessed: number;
}

/** Checks the `user` of an auth response; returns null when it is not a user. */
export function parseUser(value: unknown): User | null {
  if (value === null || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const { id, email, fullName, subscriptionTier, isSubscribed, transcriptsProcessed } = record;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof email !== 'string') return null;
  return {
    id: String(id),
    email,
    fullName: typeof fullName === 'string' && fullName.trim() !== '' ? fullName : null,
    subscriptionTier: typeof subscriptionTier === 'string' && subscriptionTier !== '' ? subscriptionTier : null,
    isSubscribed: isSubscribed === true,
    transcriptsProcessed: typeof transcriptsProcessed === 'number' ? transcriptsProcessed : 0,
  };
}
