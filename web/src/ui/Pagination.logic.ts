/** One slot of the pagination control: a page number or an ellipsis standing for the pages left out. */
export type PageSlot = number | 'start-ellipsis' | 'end-ellipsis';

/** The spec's "Business constants and limits": the pagination control shows up to 5 numbered pages. */
export const MAX_NUMBERED_PAGES = 5;

/**
 * The numbered pages of the pagination control (the spec's "Screens and routes" and "Business constants and limits"):
 * every page when there are at most 5;
 * otherwise the first and the last page, up to three pages around the current one, and an ellipsis for each gap.
 */
export function pageSlots(currentPage: number, totalPages: number): PageSlot[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total <= MAX_NUMBERED_PAGES) return Array.from({ length: total }, (_, index) => index + 1);

  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  let start = Math.max(2, current - 1);
  let end = Math.min(total - 1, current + 1);
  if (current <= 3) end = MAX_NUMBERED_PAGES - 1;
  if (current >= total - 2) start = total - (MAX_NUMBERED_PAGES - 2);

  const slots: PageSlot[] = [1];
  if (start > 2) slots.push('start-ellipsis');
  for (let page = start; page <= end; page += 1) slots.push(page);
  if (end < total - 1) slots.push('end-ellipsis');
  slots.push(total);
  return slots;
}
