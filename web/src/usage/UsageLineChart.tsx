import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';
import { useId } from 'react';
import { formatDateTime } from '../ui/dates.ts';
import { visuallyHidden } from '../ui/visuallyHidden.ts';
import type { UsageBucket } from './buckets.ts';
import { usageTexts as texts } from './texts.ts';
import { formatTokens } from './tokens.ts';

const tickTime = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
/** Up to this many half hours, each bucket gets its own tick. */
const FEW_BUCKETS = 12;
/** Marks on each half hour while they can be told apart; a longer history is drawn as lines only. */
const MOST_MARKS = 48;

/**
 * The line chart itself (MUI X Charts), in a chunk of its own that only the Token Usage page loads. It is named
 * as a figure by the section's heading: the chart's own title would label an element of role none.
 */
export default function UsageLineChart({ buckets, labelledBy }: { buckets: readonly UsageBucket[]; labelledBy: string }) {
  const descriptionId = useId();
  const showMark = buckets.length <= MOST_MARKS;
  return (
    <Box role="figure" aria-labelledby={labelledBy} aria-describedby={descriptionId}>
      <Box component="span" id={descriptionId} sx={visuallyHidden}>
        {texts.chartDescription}
      </Box>
      <LineChart
        height={300}
        skipAnimation
        xAxis={[
          {
            scaleType: 'time',
            data: buckets.map((bucket) => bucket.start),
            valueFormatter: (value: Date, context) => (context.location === 'tick' ? tickTime.format(value) : formatDateTime(value.toISOString())),
            // The scale's own ticks fall every few minutes over a short span; the data is in half hours, so a short
            // history ticks at its buckets' starts (a longer span's own ticks fall on hours or days).
            tickInterval: buckets.length <= FEW_BUCKETS ? buckets.map((bucket) => bucket.start) : 'auto',
            tickLabelMinGap: 16,
          },
        ]}
        // Room beside the first and last tick, whose labels are centred on them and were cut at the edges.
        margin={{ left: 48, right: 64 }}
        yAxis={[{ width: 'auto', valueFormatter: (value: number) => formatTokens(value, 2) }]}
        series={[
          { id: 'input', label: texts.inputTokens, data: buckets.map((bucket) => bucket.input), curve: 'linear', showMark },
          { id: 'output', label: texts.outputTokens, data: buckets.map((bucket) => bucket.output), curve: 'linear', showMark },
        ]}
      />
    </Box>
  );
}
