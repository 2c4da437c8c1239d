import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.ts';

/**
 * How many tickets a user has, kept by PostgreSQL as tickets are made and deleted (migration
 * Migration20261201000000_user_ticket_count), so the unfiltered ticket list counts its pages from one row. A row of
 * its own rather than a column of users: ticket inserts then never write the user's row, which uploads and credit
 * reservations lock.
 */
export const UserTicketCount = defineEntity({
  name: 'UserTicketCount',
  tableName: 'user_ticket_counts',
  properties: {
    user: () => p.oneToOne(User).primary().owner().deleteRule('cascade'),
    ticketCount: p.integer().default(0),
  },
});

export type UserTicketCount = InferEntity<typeof UserTicketCount>;
