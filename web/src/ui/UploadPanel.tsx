import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type DragEvent } from 'react';
import { uploadTexts as texts } from './UploadPanel.logic.ts';
import { UploadStatus } from './UploadStatus.tsx';
import { useUpload, type UploadCallbacks } from './useUpload.ts';
import { visuallyHidden } from './visuallyHidden.ts';

/**
 * The transcript upload panel (the spec's "Screens and routes", "States and transitions", "Validation rules", "Error
 * catalogue" and "Business constants and limits"): a file picker (or a dropped file) with the size and
 * format note (the size limit and the extensions this server reads, its parser plugins' among them), the client-side checks, a fake progress bar while the file goes up, then a status poll every 5 s
 * until processing completes (the created tickets are listed) or fails (the reason, or the upgrade link when
 * token credits ran out).
 */
export function UploadPanel(callbacks: UploadCallbacks) {
  const inputId = useId();
  const headingId = useId();
  const noteId = useId();
  const { limits, inputRef, file, problem, phase, busy, choose, drop, send } = useUpload(callbacks);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) drop(dropped);
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2.5, sm: 3 }, borderStyle: dragging ? 'dashed' : undefined, borderColor: dragging ? 'primary.main' : undefined }}
      onDragOver={(event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        if (!busy) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {texts.heading}
      </Typography>
      <Typography color="textSecondary" id={noteId} sx={{ mb: 0.5 }}>
        {texts.limits(limits)}
      </Typography>
      <Typography color="textSecondary" variant="body2" sx={{ mb: 2 }}>
        {texts.sources}
      </Typography>

      <Stack
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        spacing={2}
        aria-labelledby={headingId}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Box
            component="input"
            ref={inputRef}
            id={inputId}
            type="file"
            name="transcript"
            accept={limits.acceptedExtensions.join(',')}
            aria-describedby={noteId}
            disabled={busy}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            sx={{
              ...visuallyHidden,
              '&:focus-visible + label': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          />
          <Box
            component="label"
            htmlFor={inputId}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 0.75,
              border: 1,
              borderColor: busy ? 'action.disabled' : 'primary.main',
              borderRadius: 1,
              color: busy ? 'text.disabled' : 'primary.main',
              fontWeight: 600,
              cursor: busy ? 'default' : 'pointer',
              '&:hover': busy ? undefined : { bgcolor: 'action.hover' },
            }}
          >
            <UploadFileIcon fontSize="small" aria-hidden="true" />
            {texts.chooseFile}
            <Box component="span" sx={visuallyHidden}>
              {` (${texts.fileLabel})`}
            </Box>
          </Box>
          <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 12rem' }} aria-live="polite">
            {file ? file.name : texts.noFileChosen}
            <Typography component="span" color="textSecondary" variant="body2" sx={{ display: { xs: 'none', md: 'inline' }, ml: 1 }}>
              {file ? '' : texts.dropHint}
            </Typography>
          </Typography>
          <Button type="submit" variant="contained" disabled={busy} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            {phase.kind === 'uploading' ? texts.uploading : texts.upload}
          </Button>
        </Box>

        {problem !== null && <Alert severity="error">{problem}</Alert>}
        <UploadStatus phase={phase} />
      </Stack>
    </Paper>
  );
}
