import { describe, expect, it } from 'vitest';
import { billingActions, connectionActions, memberActions, workspaceActions } from './permissions.ts';
import { opensElsewhere, pathAfterSwitch } from './switching.ts';
import type { Member, WorkspaceRole } from './workspacesApi.ts';

const member = (userId: string, role: WorkspaceRole): Member => ({
  userId, role, name: userId, email: `${userId}@example.com`, joinedAt: '2026-01-01T00:00:00Z',
});

describe('what the members page offers', () => {
  it('lets the owner change roles, remove and hand over to anyone but themself', () => {
    const owner = { userId: 'ada', role: 'owner' as const };
    expect(memberActions(owner, member('grace', 'admin'))).toEqual({ changeRole: true, remove: true, makeOwner: true });
    expect(memberActions(owner, member('ada', 'owner'))).toEqual({ changeRole: false, remove: false, makeOwner: false });
  });

  it('lets an admin change roles and remove others, never the owner, and hand over nothing', () => {
    const admin = { userId: 'grace', role: 'admin' as const };
    expect(memberActions(admin, member('linus', 'member'))).toEqual({ changeRole: true, remove: true, makeOwner: false });
    expect(memberActions(admin, member('ada', 'owner'))).toEqual({ changeRole: false, remove: false, makeOwner: false });
    // Their own role, yes; removing themself is leaving, offered apart.
    expect(memberActions(admin, member('grace', 'admin'))).toEqual({ changeRole: true, remove: false, makeOwner: false });
  });

  it('lets a member change nothing', () => {
    const viewer = { userId: 'linus', role: 'member' as const };
    for (const other of [member('ada', 'owner'), member('grace', 'admin'), member('linus', 'member')]) {
      expect(memberActions(viewer, other)).toEqual({ changeRole: false, remove: false, makeOwner: false });
    }
  });

  it('offers invitations in team workspaces to admins, leaving to all but the owner, deleting to the owner', () => {
    expect(workspaceActions({ personal: false, role: 'owner' })).toEqual({ rename: true, invite: true, revoke: true, leave: false, delete: true });
    expect(workspaceActions({ personal: false, role: 'admin' })).toEqual({ rename: true, invite: true, revoke: true, leave: true, delete: false });
    expect(workspaceActions({ personal: false, role: 'member' })).toEqual({ rename: false, invite: false, revoke: false, leave: true, delete: false });
    expect(workspaceActions({ personal: true, role: 'owner' })).toEqual({ rename: true, invite: false, revoke: false, leave: false, delete: false });
  });
});

describe('what the Connections page offers', () => {
  it('lets the owner and admins add, edit, delete and verify, and a member only verify', () => {
    const all = { add: true, edit: true, delete: true, verify: true };
    expect(connectionActions('owner')).toEqual(all);
    expect(connectionActions('admin')).toEqual(all);
    expect(connectionActions('member')).toEqual({ add: false, edit: false, delete: false, verify: true });
  });
});

describe('what the Billing and Token Usage pages offer', () => {
  it('lets the owner subscribe, change plan, cancel, manage billing and reset usage, and an admin or a member none of them', () => {
    expect(billingActions('owner')).toEqual({ subscribe: true, changePlan: true, cancel: true, manageBilling: true, resetUsage: true });
    const none = { subscribe: false, changePlan: false, cancel: false, manageBilling: false, resetUsage: false };
    expect(billingActions('admin')).toEqual(none);
    expect(billingActions('member')).toEqual(none);
  });
});

describe('changing workspace', () => {
  it('stays on a list page and leaves a page of one item for its list', () => {
    expect(pathAfterSwitch('/tickets')).toBe('/tickets');
    expect(pathAfterSwitch('/tickets/123')).toBe('/tickets');
    expect(pathAfterSwitch('/transcripts/abc')).toBe('/transcripts');
    expect(pathAfterSwitch('/connections/oauth/callback')).toBe('/connections');
    expect(pathAfterSwitch('/workspace/members')).toBe('/workspace/members');
    expect(pathAfterSwitch('/dashboard')).toBe('/dashboard');
  });

  it('leaves a click for a new tab or window to the browser', () => {
    const plain = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
    expect(opensElsewhere(plain)).toBe(false);
    expect(opensElsewhere({ ...plain, ctrlKey: true })).toBe(true);
    expect(opensElsewhere({ ...plain, metaKey: true })).toBe(true);
    expect(opensElsewhere({ ...plain, shiftKey: true })).toBe(true);
    expect(opensElsewhere({ ...plain, button: 1 })).toBe(true);
  });
});
