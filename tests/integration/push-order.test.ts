// The order a push creates tickets in, and how assignees map to tracker usernames: pure rules, no services.
import { describe, expect, it } from 'vitest';
import { mappedUsername, mergeUserMappings } from '../../core/push/mappings.ts';
import { dependencyOrder } from '../../core/push/order.ts';

const tickets = (spec: Record<string, string[]>) => Object.entries(spec).map(([id, dependencies]) => ({ id, dependencies }));
const ids = (list: { id: string }[]) => list.map((ticket) => ticket.id);

describe('dependency order', () => {
  it('puts every ticket after the tickets it depends on, otherwise keeping the order given', () => {
    expect(ids(dependencyOrder(tickets({ d: ['c', 'a'], c: ['b'], b: ['a'], a: [], e: [] })))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(dependencyOrder(tickets({ x: [], y: [], z: [] })))).toEqual(['x', 'y', 'z']);
  });

  it('ignores dependencies outside the push and on the ticket itself', () => {
    expect(ids(dependencyOrder(tickets({ b: ['elsewhere', 'b'], a: ['b'] })))).toEqual(['b', 'a']);
  });

  it('breaks a cycle at the earliest ticket given, the same way every time', () => {
    const cycle = tickets({ c: ['b'], a: ['c'], b: ['a'], d: ['a'] });
    expect(ids(dependencyOrder(cycle))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(dependencyOrder(cycle))).toEqual(ids(dependencyOrder(structuredClone(cycle))));
    expect(ids(dependencyOrder(tickets({ a: ['b'], b: ['a'], c: [] })))).toEqual(['c', 'a', 'b']);
  });
});

describe('user mappings', () => {
  const mappings = { 'Grace Hopper': 'grace', 'Alan Turing': 'alan@acme.test' };

  it('maps an assignee by name, then ignoring case and spaces; never guesses', () => {
    expect(mappedUsername(mappings, 'Grace Hopper')).toBe('grace');
    expect(mappedUsername(mappings, '  grace   hopper ')).toBe('grace');
    expect(mappedUsername(mappings, 'Grace')).toBeNull();
    expect(mappedUsername(mappings, null)).toBeNull();
    expect(mappedUsername({ Ada: '  ' }, 'Ada')).toBeNull();
  });

  it('merges new mappings in, trimmed, without blank ones', () => {
    expect(mergeUserMappings(mappings, { ' Ada ': ' ada ', 'Alan Turing': '', 'Grace Hopper': 'ghopper' })).toEqual({
      'Grace Hopper': 'ghopper', 'Alan Turing': 'alan@acme.test', Ada: 'ada',
    });
  });
});
