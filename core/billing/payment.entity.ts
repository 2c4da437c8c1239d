import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt } from '../created-at.ts';
import { Workspace } from '../workspaces/workspace.entity.ts';

/** Ordered: a payment only moves forward (a late 'failed' never undoes 'successful', nor that 'refunded'). */
export const PAYMENT_STATUSES = ['pending', 'failed', 'successful', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A payment as Stripe's events told it: one row per invoice, or per charge refunded outside an invoice we know. */
export const Payment = defineEntity({
  name: 'Payment',
  tableName: 'payments',
  indexes: [{ name: 'payments_workspace_date_idx', properties: ['workspace', 'date'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => crypto.randomUUID()),
    workspace: () => p.manyToOne(Workspace).deleteRule('cascade'),
    stripeInvoiceId: p.string().length(255).nullable().unique(),
    stripeChargeId: p.string().length(255).nullable().unique(),
    stripePaymentIntentId: p.string().length(255).nullable().index(),
    amountCents: p.integer(),
    amountRefundedCents: p.integer().default(0),
    currency: p.string().length(3),
    description: p.text(),
    status: p.enum(PAYMENT_STATUSES),
    date: p.datetime(),
    createdAt: p.datetime().onCreate(createdAt),
    updatedAt: p.datetime().onCreate(createdAt).onUpdate(() => new Date()),
  },
});

export type Payment = InferEntity<typeof Payment>;
