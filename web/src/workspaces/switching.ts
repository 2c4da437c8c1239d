/**
 * Where a tab goes as it changes workspace: the page it is on, unless that shows one item of the workspace it
 * leaves (a ticket, a transcript), which the next one does not have; then that item's list.
 */
export function pathAfterSwitch(pathname: string): string {
  const item = /^\/(tickets|transcripts)\/[^/]+/.exec(pathname);
  if (item) return `/${item[1]}`;
  if (pathname.startsWith('/connections/')) return '/connections';
  return pathname;
}

/** A click that asks the browser for a new tab or window (ctrl/cmd, shift, the middle button): left to the browser. */
export function opensElsewhere(event: { button: number; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
}
