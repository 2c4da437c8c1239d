/** After deleting rows: a page above 1 whose every row is gone goes back one page. */
export function pageAfterDeletion(page: number, rowsOnPage: number, rowsDeleted: number): number {
  return page > 1 && rowsDeleted >= rowsOnPage ? page - 1 : page;
}

/** The 'Showing 6-10 of 23' range of a page: the first and last row shown, from 1 (0 and 0 when empty). */
export function shownRange(pagination: { page: number; limit: number; total: number }): { first: number; last: number } {
  const { page, limit, total } = pagination;
  return { first: total === 0 ? 0 : (page - 1) * limit + 1, last: Math.min(page * limit, total) };
}
