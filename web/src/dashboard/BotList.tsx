import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../ui/visuallyHidden.ts';
import { botName, botTexts as texts, statusLabel, type MeetingBot } from './meetingBot.ts';

/** The red dot and 'REC' shown while a bot records. */
function RecIndicator() {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.dark', fontWeight: 700, fontSize: '0.8rem', letterSpacing: 1 }}
    >
      <Box
        component="span"
        aria-hidden="true"
        sx={{
          width: 10, height: 10, borderRadius: '50%', bgcolor: 'error.main',
          '@keyframes rec-blink': { '50%': { opacity: 0.3 } },
          animation: 'rec-blink 1.5s ease-in-out infinite',
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      />
      <span>{texts.rec}</span>
    </Box>
  );
}

function BotRow({ bot, cancelling, onCancel }: { bot: MeetingBot; cancelling: boolean; onCancel(): void }) {
  const name = botName(bot);
  return (
    <Box
      component="li"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        {bot.meetingTitle !== null && (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {bot.meetingUrl}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {bot.status === 'recording' && <RecIndicator />}
        <Chip size="small" label={statusLabel(bot.status)} color={bot.status === 'recording' ? 'error' : 'default'} sx={{ fontWeight: 600 }} />
        <Button size="small" variant="outlined" color="inherit" disabled={cancelling} onClick={onCancel}>
          {texts.cancel}
          <Box component="span" sx={visuallyHidden}>{texts.cancelFor(name)}</Box>
        </Button>
      </Box>
    </Box>
  );
}

export interface BotListProps {
  bots: MeetingBot[];
  /** The bot being cancelled, if any. */
  cancelling: string | null;
  onCancel(id: string): void;
}

/** The active bots with their state (the spec's "States and transitions") and a Cancel button each. */
export function BotList({ bots, cancelling, onCancel }: BotListProps) {
  if (bots.length === 0) return null;
  return (
    <Box component="ul" aria-label={texts.activeBots} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {bots.map((bot) => (
        <BotRow key={bot.recallBotId} bot={bot} cancelling={cancelling === bot.recallBotId} onCancel={() => onCancel(bot.recallBotId)} />
      ))}
    </Box>
  );
}
