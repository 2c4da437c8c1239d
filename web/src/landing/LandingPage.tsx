import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CallsToAction } from './CallsToAction.tsx';
import { Tag } from '../ui/Tag.tsx';
import { LandingSection } from './LandingSection.tsx';
import { ProductHuntBadge } from './ProductHuntBadge.tsx';
import { SampleTicketPanel } from './SampleTicketPanel.tsx';
import { landingTexts as texts } from './texts.ts';

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
    <LandingSection id="how-it-works" heading={texts.steps.heading} tinted>
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
    </LandingSection>
  );
}

function SupportedInputs() {
  const inputs = texts.inputs;
  return (
    <LandingSection id="supported-inputs" heading={inputs.heading} intro={inputs.intro}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3 }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h3" sx={{ mb: 2 }}>
            {inputs.uploadsHeading}
          </Typography>
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}>
            {inputs.uploads.map((format) => (
              <li key={format}>
                <Tag>{format}</Tag>
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
    </LandingSection>
  );
}

function Trackers() {
  const trackers = texts.trackers;
  return (
    <LandingSection id="trackers" heading={trackers.heading} intro={trackers.intro}>
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
    </LandingSection>
  );
}

function Testimonials() {
  const testimonials = texts.testimonials;
  return (
    <LandingSection id="testimonials" heading={testimonials.heading} intro={testimonials.note} tinted>
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
    </LandingSection>
  );
}

function Closing() {
  return (
    <LandingSection id="get-started" heading={texts.closing.heading} intro={texts.closing.body}>
      <Stack spacing={4} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <CallsToAction primary="signUpFree" />
        <Box>
          <ProductHuntBadge />
        </Box>
      </Stack>
    </LandingSection>
  );
}

/** The landing page (/): what Tickscribe does, for whom, and the way in. */
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
