import { ConnectionDelivery } from '../connections/connection-delivery.entity.ts';
import { Connection } from '../connections/connection.entity.ts';
import { RateLimitCounter } from '../security/rate-limit-counter.entity.ts';
import { Ticket } from '../tickets/ticket.entity.ts';
import { Transcript } from '../transcripts/transcript.entity.ts';
import { CreditReservation } from '../credits/credit-reservation.entity.ts';
import { Plan } from '../credits/plan.entity.ts';
import { TokenUsage } from '../credits/token-usage.entity.ts';
import { OutboundEmail } from '../mail/outbound-email.entity.ts';
import { EmailToken } from '../users/email-token.entity.ts';
import { Session } from '../users/session.entity.ts';
import { User } from '../users/user.entity.ts';

export const ENTITIES = [User, Session, EmailToken, OutboundEmail, RateLimitCounter, Plan, TokenUsage, CreditReservation, Transcript, Ticket, Connection, ConnectionDelivery];
