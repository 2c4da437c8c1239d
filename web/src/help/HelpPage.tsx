import EmailIcon from '@mui/icons-material/Email';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { visuallyHidden } from '../ui/visuallyHidden.ts';
import { transcriptsApi } from '../transcripts/api.ts';
import { BUILT_IN_LIMITS, usableLimits, type UploadLimits } from '../ui/uploadLimits.ts';
import { EMAIL_SUPPORT_HREF, formatsAnswer, helpTexts as texts, REPORT_ISSUE_HREF } from './texts.ts';

function HelpSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 6 }}>
      <Typography id={id} variant="h2" sx={{ mb: 2 }}>
        {heading}
      </Typography>
      {children}
    </Box>
  );
}

function BulletList({ items, ordered = false }: { items: readonly string[]; ordered?: boolean }) {
  return (
    <Box component={ordered ? 'ol' : 'ul'} sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
      {items.map((item) => (
        <Typography component="li" key={item}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The upload limits of this server (its parsers' extensions, plugins' included), the built-in ones until they come
 * or when they cannot be had. A public page: asked once, without the signed-in pages' query cache.
 */
function useServerLimits(): UploadLimits {
  const [limits, setLimits] = useState(BUILT_IN_LIMITS);
  useEffect(() => {
    let current = true;
    transcriptsApi.uploadLimits().then((answer) => current && setLimits(usableLimits(answer)), () => {});
    return () => {
      current = false;
    };
  }, []);
  return limits;
}

/** The FAQ: one answer open at a time; clicking the open question closes it. */
function Faq() {
  const [openId, setOpenId] = useState<string | null>(null);
  const limits = useServerLimits();
  return (
    <div>
      {texts.faq.items.map((item) => (
        <Accordion
          key={item.id}
          disableGutters
          expanded={openId === item.id}
          onChange={(_event, expanded) => setOpenId(expanded ? item.id : null)}
          variant="outlined"
          sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
        >
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            id={`faq-${item.id}-question`}
            aria-controls={`faq-${item.id}-answer`}
          >
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {item.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`faq-${item.id}-answer`}>
            <Typography color="textSecondary">{item.id === 'formats' ? formatsAnswer(limits) : item.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}

export default function HelpPage() {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
      <title>{texts.pageTitle}</title>
      <Typography variant="h1">{texts.heading}</Typography>
      <Typography color="textSecondary" sx={{ mt: 1.5, fontSize: '1.1rem' }}>
        {texts.intro}
      </Typography>

      <HelpSection id="getting-started" heading={texts.gettingStarted.heading}>
        <Typography sx={{ mb: 1.5 }}>{texts.gettingStarted.intro}</Typography>
        <BulletList items={texts.gettingStarted.steps} ordered />
      </HelpSection>

      <HelpSection id="meeting-bot" heading={texts.meetingBot.heading}>
        <Typography sx={{ mb: 1.5 }}>{texts.meetingBot.intro}</Typography>
        <BulletList items={texts.meetingBot.points} />
      </HelpSection>

      <HelpSection id="subscription" heading={texts.subscription.heading}>
        <Typography sx={{ mb: 2 }}>{texts.subscription.intro}</Typography>
        <Paper variant="outlined" sx={{ mb: 2.5, maxWidth: 420, overflow: 'hidden' }}>
          <Table size="small">
            <Box component="caption" sx={visuallyHidden}>
              {texts.subscription.tableCaption}
            </Box>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{texts.subscription.planColumn}</TableCell>
                <TableCell scope="col" align="right">
                  {texts.subscription.transcriptsColumn}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {texts.subscription.plans.map((plan) => (
                <TableRow key={plan.name}>
                  <TableCell component="th" scope="row">
                    {plan.name}
                  </TableCell>
                  <TableCell align="right">{plan.transcripts}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
        <BulletList items={texts.subscription.points} />
      </HelpSection>

      <HelpSection id="faq" heading={texts.faq.heading}>
        <Faq />
      </HelpSection>

      <HelpSection id="contact" heading={texts.contact.heading}>
        <Typography sx={{ mb: 2 }}>{texts.contact.body}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" href={EMAIL_SUPPORT_HREF} startIcon={<EmailIcon />}>
            {texts.contact.emailSupport}
          </Button>
          <Button variant="outlined" href={REPORT_ISSUE_HREF} startIcon={<ReportProblemIcon />}>
            {texts.contact.reportIssue}
          </Button>
        </Stack>
      </HelpSection>
    </Container>
  );
}
