import { describe, expect, it } from 'vitest';
import { addressInWorkspace, createWorkspaceStore, WORKSPACE_STORAGE_KEY, workspaceInAddress } from './workspace.ts';

/** A tab's sessionStorage. */
function tabStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    storage: {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    },
  };
}

describe('the tab workspace store', () => {
  it('starts in the personal workspace when the tab has chosen none', () => {
    const store = createWorkspaceStore(tabStorage().storage);
    expect(store.id()).toBeNull();
    expect(store.state()).toEqual({ current: null, notice: null });
  });

  it('keeps the chosen workspace in the tab storage, so a reload of the tab keeps it', () => {
    const tab = tabStorage();
    createWorkspaceStore(tab.storage).select({ id: 'w-1', name: 'Acme' });
    expect(JSON.parse(tab.values.get(WORKSPACE_STORAGE_KEY) ?? '')).toEqual({ id: 'w-1', name: 'Acme' });
    const reloaded = createWorkspaceStore(tab.storage);
    expect(reloaded.id()).toBe('w-1');
    expect(reloaded.state().current).toEqual({ id: 'w-1', name: 'Acme' });
  });

  it('gives two tabs two workspaces', () => {
    const first = createWorkspaceStore(tabStorage().storage);
    const second = createWorkspaceStore(tabStorage().storage);
    first.select({ id: 'w-1', name: 'Acme' });
    second.select({ id: 'w-2', name: 'Globex' });
    expect([first.id(), second.id()]).toEqual(['w-1', 'w-2']);
  });

  it('choosing the personal workspace forgets the stored one', () => {
    const tab = tabStorage();
    const store = createWorkspaceStore(tab.storage);
    store.select({ id: 'w-1', name: 'Acme' });
    store.select(null);
    expect(store.id()).toBeNull();
    expect(tab.values.has(WORKSPACE_STORAGE_KEY)).toBe(false);
  });

  it('reads an unreadable stored value as the personal workspace', () => {
    for (const raw of ['not json', '42', 'null', '{"id":""}', '{"name":"Acme"}']) {
      expect(createWorkspaceStore(tabStorage({ [WORKSPACE_STORAGE_KEY]: raw }).storage).id()).toBeNull();
    }
    expect(createWorkspaceStore(tabStorage({ [WORKSPACE_STORAGE_KEY]: '{"id":"w-1"}' }).storage).state().current).toEqual({ id: 'w-1', name: null });
  });

  it('tells its listeners of every change, and stops when asked', () => {
    const store = createWorkspaceStore(tabStorage().storage);
    let calls = 0;
    const stop = store.subscribe(() => (calls += 1));
    store.select({ id: 'w-1', name: 'Acme' });
    store.dismissNotice(); // no notice: nothing changes
    stop();
    store.select(null);
    expect(calls).toBe(1);
  });

  it('keeps the same state object until something changes', () => {
    const store = createWorkspaceStore(tabStorage().storage);
    const before = store.state();
    expect(store.state()).toBe(before);
    store.select({ id: 'w-1', name: 'Acme' });
    expect(store.state()).not.toBe(before);
  });

  it('goes back to the personal workspace with a notice naming the lost one', () => {
    const tab = tabStorage();
    const store = createWorkspaceStore(tab.storage);
    store.select({ id: 'w-1', name: 'Acme' });
    store.lose('w-1');
    expect(store.id()).toBeNull();
    expect(tab.values.has(WORKSPACE_STORAGE_KEY)).toBe(false);
    expect(store.state().notice).toMatchObject({ kind: 'lost', name: 'Acme' });
    store.dismissNotice();
    expect(store.state().notice).toBeNull();
  });

  it('ignores the loss of a workspace the tab has already left', () => {
    const store = createWorkspaceStore(tabStorage().storage);
    store.select({ id: 'w-2', name: 'Globex' });
    store.lose('w-1');
    expect(store.id()).toBe('w-2');
    expect(store.state().notice).toBeNull();
  });

  it('numbers its notices, so the same loss twice is two notices', () => {
    const store = createWorkspaceStore(tabStorage().storage);
    store.select({ id: 'w-1', name: 'Acme' });
    store.lose('w-1');
    const first = store.state().notice?.serial;
    store.select({ id: 'w-1', name: 'Acme' });
    store.lose('w-1');
    expect(store.state().notice?.serial).toBeGreaterThan(first ?? Infinity);
  });

  it('says so when the user left or deleted the workspace, and not for the personal one', () => {
    const store = createWorkspaceStore(tabStorage().storage);
    store.leave('left');
    expect(store.state().notice).toBeNull();
    store.select({ id: 'w-1', name: 'Acme' });
    store.leave('deleted');
    expect(store.id()).toBeNull();
    expect(store.state().notice).toMatchObject({ kind: 'deleted', name: 'Acme' });
  });

  it('forgets the workspace and any notice when the session ends', () => {
    const store = createWorkspaceStore(tabStorage().storage);
    store.select({ id: 'w-1', name: 'Acme' });
    store.lose('w-1');
    store.clear();
    expect(store.state()).toEqual({ current: null, notice: null });
  });

  it('keeps a renamed workspace\'s new name for its notices, without leaving it', () => {
    const tab = tabStorage();
    const store = createWorkspaceStore(tab.storage);
    store.select({ id: 'w-1', name: null });
    store.rename('w-2', 'Globex');
    store.rename('w-1', 'Acme Ltd');
    expect(store.state().current).toEqual({ id: 'w-1', name: 'Acme Ltd' });
    expect(JSON.parse(tab.values.get(WORKSPACE_STORAGE_KEY) ?? '').name).toBe('Acme Ltd');
  });
});

describe('a workspace named in the page address', () => {
  it('is taken from ?workspace= and removed from the query', () => {
    expect(workspaceInAddress('?workspace=w-1')).toEqual({ named: true, id: 'w-1', search: '' });
    expect(workspaceInAddress('?page=2&workspace=w-1&q=x')).toEqual({ named: true, id: 'w-1', search: '?page=2&q=x' });
  });

  it('names the personal workspace as "personal"', () => {
    expect(workspaceInAddress('?workspace=personal')).toEqual({ named: true, id: null, search: '' });
  });

  it('names none when the parameter is absent or empty', () => {
    expect(workspaceInAddress('?page=2')).toEqual({ named: false, id: null, search: '?page=2' });
    expect(workspaceInAddress('')).toEqual({ named: false, id: null, search: '' });
    expect(workspaceInAddress('?workspace=')).toEqual({ named: false, id: null, search: '' });
  });

  it('is written into a link that opens a page in a workspace, and read back from it', () => {
    expect(addressInWorkspace('/tickets', 'w 1')).toBe('/tickets?workspace=w+1');
    expect(addressInWorkspace('/tickets?page=2', null)).toBe('/tickets?page=2&workspace=personal');
    const link = new URL(addressInWorkspace('/tickets?page=2', 'w-1'), 'https://app.example');
    expect(workspaceInAddress(link.search)).toEqual({ named: true, id: 'w-1', search: '?page=2' });
  });
});
