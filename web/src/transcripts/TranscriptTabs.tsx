import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState, type ReactNode } from 'react';
import type { TranscriptDetail } from './api.ts';
import { RelatedTickets } from './RelatedTickets.tsx';
import { transcriptsTexts } from './texts.ts';
import { TranscriptConversation } from './TranscriptConversation.tsx';

const texts = transcriptsTexts.detail;

type TabKey = 'content' | 'tickets';

function TabPanel({ tab, shown, children }: { tab: TabKey; shown: TabKey; children: ReactNode }) {
  return (
    <Box
      role="tabpanel"
      id={`transcript-panel-${tab}`}
      aria-labelledby={`transcript-tab-${tab}`}
      hidden={tab !== shown}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      {tab === shown && children}
    </Box>
  );
}

/** The detail page's two tabs: the transcript's content and the tickets made from it. */
export function TranscriptTabs({ detail }: { detail: TranscriptDetail }) {
  const [shown, setShown] = useState<TabKey>('content');
  const { transcript, tickets } = detail;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={shown}
          onChange={(_event, value: TabKey) => setShown(value)}
          aria-label={texts.tabsLabel}
          variant="scrollable"
          scrollButtons={false}
          sx={{ '& .MuiTab-root': { px: { xs: 1.5, sm: 2 } } }}
        >
          <Tab value="content" label={texts.contentTab} id="transcript-tab-content" aria-controls="transcript-panel-content" />
          <Tab value="tickets" label={texts.ticketsTab(tickets.length)} id="transcript-tab-tickets" aria-controls="transcript-panel-tickets" />
        </Tabs>
      </Box>
      <TabPanel tab="content" shown={shown}>
        <TranscriptConversation participants={transcript.participants} messages={transcript.messages} />
      </TabPanel>
      <TabPanel tab="tickets" shown={shown}>
        <RelatedTickets tickets={tickets} />
      </TabPanel>
    </Paper>
  );
}
