import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { ProductHuntBadge } from './ProductHuntBadge.tsx';
import { landingTexts as texts } from './texts.ts';

function Section({
  id,
  heading,
  intro,
  children,
  tinted = false,
}: {
  id: string;
  heading: string;
  intro?: string;
  children: ReactNode;
  tinted?: boolean;
}) {
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ py: { xs: 6, md: 9 }, bgcolor: tinted ? 'background.paper' : 'transparent' }}
    >
      <Container>
        <Typography id={id} variant="h2" sx={{ mb: intro ? 1.5 : 4 }}>
          {heading}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 680 }}>
            {intro}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}

/** The calls to action: into the app for a signed-in visitor, to signup and login otherwise. */
function CallsToAction({ primary }: { primary: 'getStarted' | 'signUpFree' }) {
  const { user, loading } = useAuth();
  if (loading) return <Box sx={{ minHeight: 48 }} />;

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, minHeight: 48 }}
    >
      {user ? (
        <Button component={RouterLink} to="/dashboard" variant="contained" size="large" endIcon={<ArrowForwardIcon />}>
          {texts.cta.goToDashboard}
        </Button>
      ) : (
        <>
          <Button component={RouterLink} to="/signup" variant="contained" size="large">
            {texts.cta[primary]}
          </Button>
          <Button component={RouterLink} to="/login" variant="outlined" size="large">
            {texts.cta.existingUser}
          </Button>
        </>
      )}
      <Link component={RouterLink} to="/help" sx={{ alignSelf: 'center', fontWeight: 600 }}>
        {texts.cta.learnMore}
      </Link>
    </Stack>
  );
}

function Hero() {
  return (
    <Box
      sx={{
        background: 'linear-gradient(180deg, #e8ebfa 0%, #f6f7fb 100%)',
        pt: { xs: 6, md: 11 },
        pb: { xs: 6, md: 9 },
      }}
    >
      <Container>
        <Typography
          component="p"
          sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: '0.06em', textTransform: 'uppercase', mb: 1.5 }}
        >
          {texts.hero.eyebrow}
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: '2.25rem', md: '3.25rem' }, maxWidth: 760, mb: 2.5 }}>
          {texts.hero.heading}
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, color: 'text.secondary', maxWidth: 700, mb: 4 }}>
          {texts.hero.lead}
        </Typography>
        <CallsToAction primary="getStarted" />
      </Container>
    </Box>
  );
}

function Steps() {
  return (
    <Section id="how-it-works" heading={texts.steps.heading} tinted>
      <Box
        component="ol"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3, p: 0, m: 0 }}
      >
        {texts.steps.items.map((step, index) => (
          <Paper component="li" key={step.title} variant="outlined" sx={{ p: 3, listStyle: 'none' }}>
            <Box
              aria-hidden="true"
              sx={{
                width: 36,
                height: 36,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
                mb: 2,
              }}
            >
              {index + 1}
            </Box>
            <Typography variant="h3" sx={{ mb: 1 }}>
              {step.title}
            </Typography>
            <Typography color="text.secondary">{step.body}</Typography>
          </Paper>
        ))}
      </Box>
    </Section>
  );
}

function SupportedInputs() {
  const inputs = texts.inputs;
  return (
    <Section id="supported-inputs" heading={inputs.heading} intro={inputs.intro}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3 }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h3" sx={{ mb: 2 }}>
            {inputs.uploadsHeading}
          </Typography>
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
            {inputs.uploads.map((format) => (
              <li key={format}>
                <Chip label={format} />
              </li>
            ))}
          </Box>
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            {inputs.uploadsNote}
          </Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h3" sx={{ mb: 2 }}>
            {inputs.botHeading}
          </Typography>
          <Typography color="text.secondary">{inputs.botBody}</Typography>
        </Paper>
      </Box>
      <Typography sx={{ mt: 3, fontWeight: 600 }}>{inputs.processing}</Typography>
    </Section>
  );
}

function SampleTicketPanel() {
  const sample = texts.sample;
  return (
    <Section id="sample" heading={sample.heading} intro={sample.intro} tinted>
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
                <Chip label={sample.ticket.priority.value} color="error" size="small" />
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
                  <Chip key={tag} label={tag} size="small" variant="outlined" />
                ))}
              </Box>
            </Box>
          </Box>
        </Paper>
      </Box>
    </Section>
  );
}

function Trackers() {
  const trackers = texts.trackers;
  return (
    <Section id="trackers" heading={trackers.heading} intro={trackers.intro}>
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(5, 1fr)' },
          gap: 2,
          p: 0,
          m: 0,
          listStyle: 'none',
        }}
      >
        {trackers.items.map((tracker) => (
          <Paper component="li" key={tracker.name} variant="outlined" sx={{ p: 2.5 }}>
            <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
              {tracker.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {tracker.body}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Section>
  );
}

function Testimonials() {
  const testimonials = texts.testimonials;
  return (
    <Section id="testimonials" heading={testimonials.heading} intro={testimonials.note} tinted>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
        {testimonials.items.map((item) => (
          <Paper
            component="figure"
            key={item.name}
            variant="outlined"
            sx={{ p: 3, m: 0, display: 'flex', flexDirection: 'column' }}
          >
            <Typography component="blockquote" sx={{ m: 0, mb: 2, flexGrow: 1, fontSize: '1.05rem' }}>
              “{item.quote}”
            </Typography>
            <Typography component="figcaption" variant="body2">
              <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
                {item.name}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {item.role}
              </Box>
            </Typography>
          </Paper>
        ))}
      </Box>
    </Section>
  );
}

function Closing() {
  return (
    <Section id="get-started" heading={texts.closing.heading} intro={texts.closing.body}>
      <Stack spacing={4} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <CallsToAction primary="signUpFree" />
        <Box>
          <ProductHuntBadge />
        </Box>
      </Stack>
    </Section>
  );
}

export default function LandingPage() {
  return (
    <>
      <title>{texts.pageTitle}</title>
      <Hero />
      <Steps />
      <SupportedInputs />
      <SampleTicketPanel />
      <Trackers />
      <Testimonials />
      <Closing />
    </>
  );
}
