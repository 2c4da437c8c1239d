import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import type { Schema } from '../api/schema.ts';
import { formatConfidence, formatTimestamp, truncateMessage } from './format.ts';
import { transcriptsTexts } from './texts.ts';

const texts = transcriptsTexts.detail;

type Participant = Schema<'TranscriptView'>['participants'][number];
type Message = Schema<'TranscriptView'>['messages'][number];

/** One message: speaker, time and confidence, the text cut at 200 characters with Read more / Show less. */
function MessageItem({ message, speaker }: { message: Message; speaker: string }) {
  const [expanded, setExpanded] = useState(false);
  const { short, truncated } = truncateMessage(message.content);
  const contentId = `message-${message.id}`;
  const time = formatTimestamp(message.timestamp);
  const confidence = typeof message.confidence === 'number' ? formatConfidence(message.confidence) : null;

  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 1.5, rowGap: 0.25, mb: 0.5 }}>
        <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {speaker}
        </Typography>
        {time !== '' && (
          <Typography component="span" variant="body2" color="textSecondary">
            {time}
          </Typography>
        )}
        {confidence !== null && (
          <Typography component="span" variant="body2" color="textSecondary">
            {texts.confidence(confidence)}
          </Typography>
        )}
      </Box>
      <Typography id={contentId} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {expanded ? message.content : short}
      </Typography>
      {truncated && (
        <Button
          size="small"
          variant="text"
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={() => setExpanded((open) => !open)}
          sx={{ px: 0.5, mt: 0.5, minWidth: 0 }}
        >
          {expanded ? texts.showLess : texts.readMore}
        </Button>
      )}
    </Box>
  );
}

/** A part of the content tab: its heading, then what it lists, or a line saying there is nothing. */
function ContentSection(props: { id: string; heading: string; headingGap: number; empty: string | null; children: ReactNode }) {
  const { id, heading, headingGap, empty, children } = props;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant="h3" sx={{ fontSize: '1.1rem', mb: headingGap }}>
        {heading}
      </Typography>
      {empty === null ? children : <Typography color="textSecondary">{empty}</Typography>}
    </Box>
  );
}

/** The Transcript Content tab: the participants, then the conversation. */
export function TranscriptConversation({ participants, messages }: { participants: Participant[]; messages: Message[] }) {
  const names = new Map(participants.map((participant) => [participant.id, participant.name]));
  return (
    <Stack spacing={3}>
      <ContentSection
        id="participants-heading"
        heading={texts.participants}
        headingGap={1.5}
        empty={participants.length === 0 ? texts.noParticipants : null}
      >
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {participants.map((participant) => (
            <li key={participant.id}>
              <Chip
                variant="outlined"
                label={participant.role ? `${participant.name} (${participant.role})` : participant.name}
                sx={{ maxWidth: '100%' }}
              />
            </li>
          ))}
        </Box>
      </ContentSection>
      <ContentSection
        id="conversation-heading"
        heading={texts.conversation}
        headingGap={1}
        empty={messages.length === 0 ? texts.noMessages : null}
      >
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} speaker={names.get(message.speaker.id) || texts.unknownSpeaker} />
          ))}
        </Box>
      </ContentSection>
    </Stack>
  );
}
