/**
 * A new row's creation time, for every timestamp the row starts with (`createdAt`, `updatedAt`, a cycle anchor):
 * the first of them to be filled takes the clock and the others take the same instant, so a row is never one
 * millisecond "edited" after it was made, and a date planned from one of them matches the others.
 */
export const createdAt = (row: { createdAt?: Date | null }): Date => (row.createdAt ??= new Date());
