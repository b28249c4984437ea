import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { AuditJob } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import { useRerunReport, type QueueFilters } from '../api/adjudication';
import { AdjudicationQueue } from './adjudication-queue';
import { BallotViewer } from './ballot-viewer';
import { TallyView } from './tally-view';

type View = 'queue' | 'viewer' | 'tally';

/**
 * The job's Adjudication tab: the queue of disagreements and gray marks, the ballot viewer
 * where decisions are made, and the tally with the decisions folded in.
 */
export function AdjudicationPanel({ job }: { job: AuditJob }) {
  const [view, setView] = useState<View>('queue');
  const [filters, setFilters] = useState<QueueFilters>({});
  const [itemId, setItemId] = useState<number | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const rerun = useRerunReport(job.id);
  const notify = useNotify();
  const open = (id: number | null) => {
    setItemId(id);
    setView('viewer');
  };
  return (
    <Box component="section" aria-label="Adjudication">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_e, next: View | null) => next && setView(next)}
          aria-label="Adjudication view"
        >
          <ToggleButton value="queue">Queue</ToggleButton>
          <ToggleButton value="viewer">Ballot viewer</ToggleButton>
          <ToggleButton value="tally">Tally</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {stale && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            job.can.run ? (
              <Button
                color="inherit"
                size="small"
                disabled={rerun.isPending}
                onClick={() =>
                  rerun.mutate(undefined, {
                    onSuccess: (r) => {
                      notify.success(r.message);
                      setStale(null);
                    },
                    onError: (e) => notify.error(errorMessage(e)),
                  })
                }
              >
                Rerun the report
              </Button>
            ) : undefined
          }
        >
          {stale}
        </Alert>
      )}
      {view === 'queue' && (
        <AdjudicationQueue
          job={job}
          filters={filters}
          onFilters={setFilters}
          onOpen={(id) => open(id)}
          onStart={() => open(null)}
        />
      )}
      {view === 'viewer' && (
        <BallotViewer
          jobId={job.id}
          filters={filters}
          itemId={itemId}
          onItem={setItemId}
          onStale={setStale}
          onQueue={() => setView('queue')}
        />
      )}
      {view === 'tally' && <TallyView jobId={job.id} onOpen={(id) => open(id)} />}
    </Box>
  );
}
