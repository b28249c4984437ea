import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';

export type JobFileStep = 1 | 2 | 3 | 4;

/** The step to take next: the JOB file first, then the election JSON, then the stages. */
export function nextJobFileStep(hasJobFile: boolean, hasJson: boolean): JobFileStep {
  if (!hasJobFile) return 1;
  return hasJson ? 4 : 3;
}

const NEXT: Record<JobFileStep, ReactNode> = {
  1: (
    <>
      1. <strong>Create Job File</strong>: the job&apos;s settings in one form (or{' '}
      <strong>Vendor Template</strong> for a vendor&apos;s defaults, <strong>Job Setting</strong> to
      add them one by one, <strong>Upload File</strong> for a JOB file you have).
    </>
  ),
  2: null,
  3: (
    <>
      3. <strong>Create Audit</strong> builds the election JSON from the job file and the
      election&apos;s files (upload any EIF, BOF or STC file first, step 2).
    </>
  ),
  4: (
    <>
      4. Run the stages in the <strong>Audit Operations</strong> tab. After changing the job file,{' '}
      <strong>Generate Json File</strong> builds the JSON again.
    </>
  ),
};

interface StepProps {
  step: JobFileStep;
  title: string;
  next: JobFileStep;
  done: boolean;
  optional?: boolean;
  /** Share of the row's width: the first step holds four buttons. */
  grow?: number;
  children?: ReactNode;
}

/** One numbered step of the Job Files tab with its buttons. */
export function JobFileStepBox({
  step,
  title,
  next,
  done,
  optional,
  grow = 1,
  children,
}: StepProps) {
  const current = step === next;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`Step ${step}: ${title}`}
      sx={{
        p: 1.5,
        flex: `${grow} 1 ${grow * 220}px`,
        borderColor: current ? 'primary.main' : undefined,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box
          aria-hidden
          sx={{
            width: 24,
            height: 24,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            fontSize: 13,
            fontWeight: 700,
            bgcolor: current ? 'primary.main' : 'action.selected',
            color: current ? 'primary.contrastText' : 'text.primary',
          }}
        >
          {step}
        </Box>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        {optional && (
          <Typography variant="caption" color="textSecondary">
            if you have them
          </Typography>
        )}
        {done && <CheckCircleRounded color="success" fontSize="small" titleAccess="Done" />}
        {current && <Chip size="small" color="primary" label="Next" />}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{children}</Box>
    </Paper>
  );
}

/** The line that names the next step in words. */
export function NextStepLine({ next }: { next: JobFileStep }) {
  return (
    <Alert severity="info" sx={{ mb: 2 }} aria-label="Where to start">
      Next step: {NEXT[next]}
    </Alert>
  );
}
