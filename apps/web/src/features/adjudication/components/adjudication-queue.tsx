import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdjudicationList, AuditJob } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import {
  useAdjudicationQueue,
  useAdjudicationSettings,
  type QueueFilters,
} from '../api/adjudication';
import { decisionLabel, optionNamesOf, readingIds, readingLabel, stateLabel } from './labels';

type CountName = keyof AdjudicationList['counts'];
const FILTERS: [CountName, string][] = [
  ['kind', 'Class'],
  ['contest_id', 'Contest'],
  ['batch', 'Batch'],
  ['style', 'Style'],
];
const CHECKS: ['image_is_original' | 'original_is_adjudicated', string][] = [
  ['image_is_original', 'Image = CVR original'],
  ['original_is_adjudicated', 'CVR original = CVR adjudicated'],
];

/** The queue: filters with counts, the matching items, and the two-adjudicator setting. */
export function AdjudicationQueue({
  job,
  filters,
  onFilters,
  onOpen,
  onStart,
}: {
  job: AuditJob;
  filters: QueueFilters;
  onFilters: (f: QueueFilters) => void;
  onOpen: (id: number) => void;
  onStart: () => void;
}) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const queue = useAdjudicationQueue(job.id, { ...filters, page: page + 1, page_size: pageSize });
  const settings = useAdjudicationSettings(job.id);
  const notify = useNotify();
  const data = queue.data;
  const set = (patch: QueueFilters) => {
    setPage(0);
    onFilters({ ...filters, ...patch });
  };
  if (queue.error) return <Alert severity="warning">{errorMessage(queue.error)}</Alert>;
  if (!data) return <Typography>Loading the queue…</Typography>;
  const contestName = new Map(data.contests.map((c) => [c.contest_id, c.contest]));
  if (data.total === 0)
    return (
      <Alert severity="info">
        Nothing to adjudicate yet: run the adjudicate stage on the Audit Operations tab; it packages
        every disagreement and gray mark of cmpcvr for review.
      </Alert>
    );
  return (
    <>
      <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={2} useFlexGap>
        <Typography aria-label="Queue counts">
          {data.decided} of {data.total} decided · {data.matched} match the filters
          {data.can.decide ? ` · ${data.todo} for you to decide` : ''}
        </Typography>
        {data.can.decide && (
          <Button variant="contained" onClick={onStart} disabled={data.todo === 0}>
            Start adjudicating
          </Button>
        )}
        {data.can.settings && (
          <FormControlLabel
            control={
              <Switch
                checked={data.reviewers_per_item === 2}
                disabled={settings.isPending}
                onChange={(e) =>
                  settings.mutate(e.target.checked ? 2 : 1, {
                    onSuccess: (r) => notify.success(r.message),
                    onError: (err) => notify.error(errorMessage(err)),
                  })
                }
              />
            }
            label="Two adjudicators per item"
          />
        )}
        {!data.can.settings && data.reviewers_per_item === 2 && (
          <Chip size="small" label="Two adjudicators per item; a third settles a split" />
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', my: 2 }} useFlexGap>
        {FILTERS.map(([name, label]) => (
          <TextField
            key={name}
            select
            fullWidth={false}
            size="small"
            label={label}
            value={filters[name] ?? ''}
            onChange={(e) => set({ [name]: e.target.value || undefined })}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">All</MenuItem>
            {data.counts[name].map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {name === 'contest_id' ? (contestName.get(c.value) ?? c.value) : c.value} ({c.count}
                )
              </MenuItem>
            ))}
          </TextField>
        ))}
        <TextField
          select
          fullWidth={false}
          size="small"
          label="State"
          value={filters.state ?? ''}
          onChange={(e) => set({ state: (e.target.value || undefined) as QueueFilters['state'] })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All</MenuItem>
          {data.can.decide && <MenuItem value="todo">For me to decide</MenuItem>}
          {data.counts.state.map((c) => (
            <MenuItem key={c.value} value={c.value}>
              {stateLabel(c.value)} ({c.count})
            </MenuItem>
          ))}
        </TextField>
        {CHECKS.map(([name, label]) => (
          <TextField
            key={name}
            select
            fullWidth={false}
            size="small"
            label={label}
            value={filters[name] === undefined ? '' : String(filters[name])}
            onChange={(e) =>
              set({ [name]: e.target.value === '' ? undefined : e.target.value === 'true' })
            }
            sx={{ minWidth: 210 }}
          >
            <MenuItem value="">Any</MenuItem>
            <MenuItem value="true">Yes</MenuItem>
            <MenuItem value="false">No</MenuItem>
          </TextField>
        ))}
      </Stack>
      <Table size="small" aria-label="Adjudication queue">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Class</TableCell>
            <TableCell>Ballot</TableCell>
            <TableCell>Contest</TableCell>
            <TableCell>Batch</TableCell>
            <TableCell>Style</TableCell>
            <TableCell>Image</TableCell>
            <TableCell>CVR</TableCell>
            <TableCell>State</TableCell>
            <TableCell>Decision</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.items.map((item) => (
            <TableRow
              key={item.id}
              hover
              sx={{ cursor: 'pointer' }}
              onClick={() => onOpen(item.id)}
            >
              <TableCell>{item.id}</TableCell>
              <TableCell>{item.kind}</TableCell>
              <TableCell>{item.sheet_id || '—'}</TableCell>
              <TableCell title={item.contest_id ? `Contest id ${item.contest_id}` : undefined}>
                {item.contest || item.contest_id || '—'}
              </TableCell>
              <TableCell>{item.batch || '—'}</TableCell>
              <TableCell>{item.style || '—'}</TableCell>
              <TableCell title={readingIds(item.image_votes)}>
                {readingLabel(item.image_votes, optionNamesOf(item.options))}
              </TableCell>
              <TableCell title={readingIds(item.cvr_votes)}>
                {readingLabel(item.cvr_votes, optionNamesOf(item.options))}
              </TableCell>
              <TableCell>
                {stateLabel(item.state)}
                {item.review_count > 0 && item.state !== 'decided'
                  ? ` (${item.review_count} review${item.review_count === 1 ? '' : 's'})`
                  : ''}
              </TableCell>
              <TableCell>
                {item.decision
                  ? `${decisionLabel(item.decision)}: ${readingLabel(item.decided_votes, optionNamesOf(item.options))}`
                  : '—'}
              </TableCell>
            </TableRow>
          ))}
          {data.items.length === 0 && (
            <TableRow>
              <TableCell colSpan={10}>No item matches these filters.</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={data.matched}
        page={page}
        onPageChange={(_e, p) => setPage(p)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[25, 50, 100]}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
      />
    </>
  );
}
