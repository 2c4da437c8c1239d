import type { Schema } from '../api/schema.ts';

/** The signed-in user as the screens show it: a blank name or plan counts as none. */
export interface User extends Omit<Schema<'User'>, 'fullName'> {
  fullName: string | null;
}

/** The user of an auth answer, with a blank name or plan as null. */
export function toUser(user: Schema<'User'>): User {
  return {
    ...user,
    fullName: user.fullName.trim() === '' ? null : user.fullName,
    subscriptionTier: user.subscriptionTier === '' ? null : user.subscriptionTier,
  };
}
