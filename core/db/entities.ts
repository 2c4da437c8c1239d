import { Ticket } from '../tickets/ticket.entity.ts';
import { Transcript } from '../transcripts/transcript.entity.ts';
import { User } from '../users/user.entity.ts';

export const ENTITIES = [User, Transcript, Ticket];
