import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { CompleteStep } from './CompleteStep.tsx';
import { MapConnectionsStep, MapUsersStep } from './MappingSteps.tsx';
import { AnalyzeStep, PushingStep, SummaryStep } from './ProgressSteps.tsx';
import { pendingJobs, STEPS, type WizardStep } from './wizard.ts';
import { pushedTicketIds } from './run.ts';
import { pushTexts as texts } from './texts.ts';
import { usePushWizard, type PushWizardState } from './usePushWizard.ts';

export interface PushWizardProps {
  /** The selected tickets; those already pushed are named and left as they are. */
  ticketIds: string[];
  /** Closes the dialog; `pushed` are the tickets this push created items for. */
  onClose(pushed: string[]): void;
}

/** All six steps, always: those this push did not need say Skipped, so no step is renumbered mid-way. */
function StepIndicator({ skipped, step, compact }: { skipped: WizardStep[]; step: WizardStep; compact: boolean }) {
  const active = STEPS.indexOf(step);
  if (compact) {
    return (
      <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
        {texts.stepOf(active + 1, STEPS.length, texts.steps[step])}
      </Typography>
    );
  }
  return (
    <Stepper activeStep={active} alternativeLabel aria-label={texts.stepsLabel} sx={{ mb: 3 }}>
      {STEPS.map((name, index) => {
        const wasSkipped = skipped.includes(name);
        return (
          <Step key={name} completed={!wasSkipped && (index < active || step === 'complete')}>
            <StepLabel
              optional={
                wasSkipped ? (
                  <Typography variant="caption" color="textSecondary">
                    {texts.skippedStep}
                  </Typography>
                ) : undefined
              }
            >
              {texts.steps[name]}
            </StepLabel>
          </Step>
        );
      })}
    </Stepper>
  );
}

function StepBody({ wizard }: { wizard: PushWizardState }) {
  switch (wizard.state.step) {
    case 'analyze':
      return <AnalyzeStep wizard={wizard} />;
    case 'map-connections':
      return <MapConnectionsStep wizard={wizard} />;
    case 'map-users':
      return <MapUsersStep wizard={wizard} />;
    case 'summary':
      return <SummaryStep wizard={wizard} />;
    case 'pushing':
      return <PushingStep wizard={wizard} />;
    case 'complete':
      return <CompleteStep wizard={wizard} />;
  }
}

/** The step's own button beside Cancel, if it has one. */
function PrimaryAction({ wizard }: { wizard: PushWizardState }) {
  const { state } = wizard;
  switch (state.step) {
    case 'analyze':
      return wizard.analyzeError !== null ? (
        <Button variant="contained" onClick={wizard.retryAnalysis} disabled={wizard.analyzing}>
          {texts.retry}
        </Button>
      ) : null;
    case 'map-connections':
      return (
        <Button variant="contained" onClick={wizard.saveConnections} disabled={wizard.saving || wizard.connections.data === undefined}>
          {wizard.saving ? texts.mapConnections.saving : texts.continue}
        </Button>
      );
    case 'map-users':
      return (
        <Button variant="contained" onClick={wizard.review}>
          {texts.proceed}
        </Button>
      );
    case 'summary':
      return (
        <Button variant="contained" onClick={wizard.confirm} autoFocus>
          {texts.confirm}
        </Button>
      );
    case 'pushing':
      return null;
    case 'complete':
      return pendingJobs(state).length > 0 ? (
        <Button variant="outlined" onClick={wizard.retryFailed}>
          {texts.retry}
        </Button>
      ) : null;
  }
}

/**
 * The push wizard dialog (the spec's "Screens and routes" and "States and transitions"): analyze, map-connections,
 * map-users, summary, pushing, complete.
 * Cancel is disabled while something runs, and reads Close once the push is complete.
 */
export function PushWizard({ ticketIds, onClose }: PushWizardProps) {
  const wizard = usePushWizard(ticketIds);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const { step } = wizard.state;
  const close = () => {
    if (!wizard.busy) onClose(pushedTicketIds(wizard.state));
  };

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone} scroll="paper">
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent dividers aria-busy={wizard.busy}>
        <StepIndicator skipped={wizard.skipped} step={step} compact={phone} />
        <StepBody wizard={wizard} />
      </DialogContent>
      {/* A new step brings new buttons, so the one marked autoFocus takes the focus. */}
      <DialogActions key={step} sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={wizard.busy} autoFocus={step === 'complete'}>
          {step === 'complete' ? texts.close : texts.cancel}
        </Button>
        <PrimaryAction wizard={wizard} />
      </DialogActions>
    </Dialog>
  );
}
