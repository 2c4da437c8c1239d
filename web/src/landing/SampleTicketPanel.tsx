import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Tag } from '../ui/Tag.tsx';
import { LandingSection } from './LandingSection.tsx';
import { landingTexts as texts } from './texts.ts';

/** A few lines of a sample transcript beside the ticket Tickscribe drafts from them. */
export function SampleTicketPanel() {
  const sample = texts.sample;
  return (
    <LandingSection id="sample" heading={sample.heading} intro={sample.intro} tinted>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '1fr auto 1fr' },
          gap: 3,
          alignItems: 'center',
        }}
      >
        <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'baseline',
              gap: 2,
              mb: 2,
              flexWrap: 'wrap',
            }}
          >
            <Typography variant="h3">{sample.transcriptLabel}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
              {sample.transcriptSource}
            </Typography>
          </Box>
          <Stack component="ol" spacing={2} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {sample.transcript.map((line) => (
              <li key={line.time}>
                <Typography variant="body2" color="text.secondary">
                  <Box component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
                    {line.time}
                  </Box>
                  <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
                    {line.speaker}
                  </Box>
                </Typography>
                <Typography>{line.text}</Typography>
              </li>
            ))}
          </Stack>
        </Paper>
        <Box aria-hidden="true" sx={{ display: 'flex', justifyContent: 'center', color: 'primary.main' }}>
          <ArrowForwardIcon sx={{ fontSize: 40, transform: { xs: 'rotate(90deg)', md: 'none' } }} />
        </Box>
        <Paper variant="outlined" sx={{ p: 3, height: '100%', borderColor: 'primary.main', borderWidth: 2 }}>
          <Typography variant="h3" sx={{ mb: 2 }}>
            {sample.ticketLabel}
          </Typography>
          <Typography variant="h4" component="p" sx={{ mb: 1 }}>
            {sample.ticket.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {sample.ticket.description}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
          >
            <Box sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {sample.ticket.priority.label}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <Tag size="small" tone="error">
                  {sample.ticket.priority.value}
                </Tag>
              </Box>
            </Box>
            {sample.ticket.fields.map((field) => (
              <Box key={field.label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {field.label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                  {field.value}
                </Typography>
              </Box>
            ))}
            <Box sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {sample.ticket.tagsLabel}
              </Typography>
              <Box component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
                {sample.ticket.tags.map((tag) => (
                  <Tag key={tag} size="small" tone="outlined">
                    {tag}
                  </Tag>
                ))}
              </Box>
            </Box>
          </Box>
        </Paper>
      </Box>
    </LandingSection>
  );
}
