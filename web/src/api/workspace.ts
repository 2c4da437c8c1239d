// The workspace a browser tab works in. It is kept in sessionStorage, which each tab has to itself, so two tabs can
// work in two workspaces; every signed-in request names it in X-Workspace-Id. No stored workspace means the
// personal one (the server's default when the header is absent).

/** The header naming the workspace a request acts in (core/workspaces/roles.ts). */
export const WORKSPACE_HEADER = 'X-Workspace-Id';
/** The server's words for a workspace the caller is not (or no longer) a member of, answered with 404. */
export const WORKSPACE_NOT_FOUND = 'Workspace not found. It may have been deleted, or you are no longer a member of it.';
/** The sessionStorage key of the tab's workspace. */
export const WORKSPACE_STORAGE_KEY = 'workspace';
/** A page address may name the workspace its tab starts in: /tickets?workspace=<id>. */
export const WORKSPACE_URL_PARAMETER = 'workspace';

/** A workspace the tab works in; the name is what was known when it was chosen, for the words of a notice. */
export interface ChosenWorkspace {
  id: string;
  name: string | null;
}

/**
 * Why the tab went back to the personal workspace: access to the workspace ended (a request answered 404 with
 * WORKSPACE_NOT_FOUND's words), the user left it, or deleted it. `serial` tells one notice from the next.
 */
export interface WorkspaceNotice {
  kind: 'lost' | 'left' | 'deleted';
  name: string | null;
  serial: number;
}

export interface WorkspaceState {
  /** The chosen workspace; null is the personal one. */
  current: ChosenWorkspace | null;
  notice: WorkspaceNotice | null;
}

/** What the API client needs of the tab's workspace. */
export interface WorkspaceSelection {
  /** The id requests name in X-Workspace-Id; null sends no header (the personal workspace). */
  id(): string | null;
  /** A request naming `id` was answered WORKSPACE_NOT_FOUND: back to the personal workspace, with a notice. */
  lose(id: string): void;
  /** Back to the personal workspace without a notice, e.g. when the session ends. */
  clear(): void;
}

export interface WorkspaceStore extends WorkspaceSelection {
  /** The state as it is now; the same object until it changes (for useSyncExternalStore). */
  state(): WorkspaceState;
  /** Works in `workspace` from now on (null: the personal one), dropping any notice. */
  select(workspace: ChosenWorkspace | null): void;
  /** Back to the personal workspace after leaving or deleting the current one, with a notice saying so. */
  leave(kind: 'left' | 'deleted'): void;
  /** Keeps the name shown in a notice up to date (a rename); does not change the workspace. */
  rename(id: string, name: string): void;
  dismissNotice(): void;
  /** Calls `listener` after every change; returns the call that stops it. */
  subscribe(listener: () => void): () => void;
}

type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored workspace, or null when there is none or it cannot be read. */
function readStored(storage: SessionStorage): ChosenWorkspace | null {
  const raw = storage.getItem(WORKSPACE_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (value === null || typeof value !== 'object') return null;
    const { id, name } = value as Record<string, unknown>;
    if (typeof id !== 'string' || id === '') return null;
    return { id, name: typeof name === 'string' ? name : null };
  } catch {
    return null;
  }
}

/** The tab's workspace, kept in `storage` (the tab's sessionStorage). */
export function createWorkspaceStore(storage: SessionStorage): WorkspaceStore {
  let state: WorkspaceState = { current: readStored(storage), notice: null };
  let serial = 0;
  const listeners = new Set<() => void>();

  const set = (next: WorkspaceState) => {
    if (next.current === null) storage.removeItem(WORKSPACE_STORAGE_KEY);
    else storage.setItem(WORKSPACE_STORAGE_KEY, JSON.stringify(next.current));
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const backToPersonal = (kind: WorkspaceNotice['kind']) => {
    serial += 1;
    set({ current: null, notice: { kind, name: state.current?.name ?? null, serial } });
  };

  return {
    id: () => state.current?.id ?? null,
    state: () => state,
    select: (workspace) => set({ current: workspace === null ? null : { ...workspace }, notice: null }),
    lose: (id) => {
      // An answer to a request made before the tab moved on says nothing about the workspace it is in now.
      if (state.current?.id === id) backToPersonal('lost');
    },
    leave: (kind) => {
      if (state.current !== null) backToPersonal(kind);
    },
    clear: () => {
      if (state.current !== null || state.notice !== null) set({ current: null, notice: null });
    },
    rename: (id, name) => {
      if (state.current?.id === id && state.current.name !== name) set({ ...state, current: { id, name } });
    },
    dismissNotice: () => {
      if (state.notice !== null) set({ ...state, notice: null });
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** What `?workspace=` says for the personal workspace, whose id a tab does not keep. */
export const PERSONAL_IN_ADDRESS = 'personal';

/**
 * The workspace a page address names (`?workspace=<id>`, or `personal`), and the address's query without it: a
 * tab opened on such an address starts in that workspace, and the parameter leaves the address bar so it cannot
 * go stale. `named` is false when the address names none (the tab keeps its own); `id` null is the personal one.
 */
export function workspaceInAddress(search: string): { named: boolean; id: string | null; search: string } {
  const query = new URLSearchParams(search);
  if (!query.has(WORKSPACE_URL_PARAMETER)) return { named: false, id: null, search };
  const id = query.get(WORKSPACE_URL_PARAMETER)?.trim() ?? '';
  query.delete(WORKSPACE_URL_PARAMETER);
  const rest = query.toString();
  return { named: id !== '', id: id === '' || id === PERSONAL_IN_ADDRESS ? null : id, search: rest === '' ? '' : `?${rest}` };
}

/** The address that opens `path` in workspace `id` (null: the personal one), e.g. for a link into a new tab. */
export function addressInWorkspace(path: string, id: string | null): string {
  const [pathname = '', query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  params.set(WORKSPACE_URL_PARAMETER, id ?? PERSONAL_IN_ADDRESS);
  return `${pathname}?${params.toString()}`;
}
