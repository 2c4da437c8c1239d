/**
 * The order a push creates tickets in: every ticket after the tickets it depends on (among those being pushed),
 * otherwise in the order given. A cycle is broken at the earliest given ticket still waiting, so the same
 * selection always comes out in the same order.
 */
export function dependencyOrder<T extends { id: string; dependencies: readonly string[] }>(tickets: readonly T[]): T[] {
  const position = new Map(tickets.map((ticket, index) => [ticket.id, index]));
  const waitingOn = tickets.map((ticket) => new Set(ticket.dependencies.filter((id) => id !== ticket.id && position.has(id))));
  const dependants = new Map<string, number[]>();
  tickets.forEach((ticket, index) => {
    for (const id of waitingOn[index]!) dependants.set(id, [...(dependants.get(id) ?? []), index]);
  });
  const placed = new Array<boolean>(tickets.length).fill(false);
  const ordered: T[] = [];
  const place = (index: number) => {
    placed[index] = true;
    ordered.push(tickets[index]!);
    for (const dependant of dependants.get(tickets[index]!.id) ?? []) waitingOn[dependant]!.delete(tickets[index]!.id);
  };
  while (ordered.length < tickets.length) {
    // The earliest ticket with nothing left to wait for; when every remaining one waits (a cycle), the earliest.
    let next = -1;
    for (let index = 0; index < tickets.length; index++) {
      if (placed[index]) continue;
      if (next === -1) next = index;
      if (waitingOn[index]!.size === 0) {
        next = index;
        break;
      }
    }
    place(next);
  }
  return ordered;
}
