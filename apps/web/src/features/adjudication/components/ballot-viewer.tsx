import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Adjudication, AdjudicationDecision } from '@scrutineer/contracts';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-error';
import {
  fetchNextItem,
  useAdjudicationItem,
  useDecide,
  type QueueFilters,
} from '../api/adjudication';
import { BallotPage, ContestCrop } from './ballot-page';
import {
  decisionLabel,
  optionNamesOf,
  readingIds,
  readingLabel,
  stateLabel,
  type OptionNames,
} from './labels';

const KEYS: Record<string, AdjudicationDecision> = {
  i: 'image',
  c: 'cvr',
  v: 'other',
  u: 'unreadable',
};

function Readings({ item, names }: { item: Adjudication; names: OptionNames }) {
  const scores = item.targets
    .filter((t) => t.contest_id === item.contest_id)
    .map(
      (t) =>
        `${names.get(t.option_id) || t.option_id} ${Math.round(t.fill * 100)}% (${t.decision})`,
    );
  const ids = [
    `image ${readingIds(item.image_votes)}`,
    ...(item.image_gray ? [`gray ${readingIds(item.image_gray)}`] : []),
    `record ${readingIds(item.cvr_votes)}`,
  ].join(' · ');
  return (
    <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { ml: 0, mb: 1 } }}>
      <dt>Image reads</dt>
      <dd aria-label="Image reads">
        {readingLabel(item.image_votes, names)}
        {item.image_gray ? ` · gray: ${readingLabel(item.image_gray, names)}` : ''}
      </dd>
      {scores.length > 0 && (
        <>
          <dt>Mark scores</dt>
          <dd>{scores.join(' · ')}</dd>
        </>
      )}
      <dt>Record (CVR) reads</dt>
      <dd aria-label="Record reads">
        {item.kind === 'No CVR' ? 'no record' : readingLabel(item.cvr_votes, names)}
      </dd>
      {item.contest_id && (
        <dd>
          <Typography variant="caption" color="text.secondary">
            Option ids: {ids}
          </Typography>
        </dd>
      )}
      {item.detail && (
        <>
          <dt>Detail</dt>
          <dd>{item.detail}</dd>
        </>
      )}
    </Box>
  );
}

/** The options of the contest to tick for "voter intent is …"; none ticked is no vote. */
function IntentChoices({
  options,
  chosen,
  onChange,
  onSubmit,
}: {
  options: Adjudication['options'];
  chosen: string[];
  onChange: (next: string[]) => void;
  onSubmit: () => void;
}) {
  const toggle = (id: string) =>
    onChange(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  return (
    <Box
      component="fieldset"
      aria-label="Voter intent is"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, px: 1.5, py: 0.5 }}
      onKeyDown={(e: React.KeyboardEvent) => {
        const n = Number(e.key);
        if (Number.isInteger(n) && n >= 1 && n <= options.length) {
          e.preventDefault();
          toggle(options[n - 1]?.option_id ?? '');
        } else if (e.key === 'Enter') {
          e.preventDefault();
          onSubmit();
        }
      }}
    >
      <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
        Voter intent is (number keys tick, Enter records; none ticked is no vote)
      </Typography>
      <FormGroup>
        {options.map((o, i) => (
          <FormControlLabel
            key={o.option_id}
            control={
              <Checkbox
                size="small"
                checked={chosen.includes(o.option_id)}
                onChange={() => toggle(o.option_id)}
                autoFocus={i === 0}
              />
            }
            label={`${i + 1}. ${o.option}${o.option === o.option_id ? '' : ` (${o.option_id})`}`}
          />
        ))}
      </FormGroup>
      <Button size="small" variant="contained" onClick={onSubmit} sx={{ my: 1 }}>
        Record voter intent
      </Button>
    </Box>
  );
}

/**
 * One item at a time: the contest crop, the whole page with its targets and scores, both
 * readings, and the decision, made from the keyboard (I, C, V, U; N skips) with a comment.
 */
export function BallotViewer({
  jobId,
  filters,
  itemId,
  onItem,
  onStale,
  onQueue,
}: {
  jobId: number;
  filters: QueueFilters;
  itemId: number | null;
  onItem: (id: number | null) => void;
  onStale: (message: string | null) => void;
  onQueue: () => void;
}) {
  const notify = useNotify();
  const item = useAdjudicationItem(jobId, itemId);
  const decide = useDecide(jobId);
  const [note, setNote] = useState('');
  const [votes, setVotes] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [intent, setIntent] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const votesRef = useRef<HTMLInputElement>(null);

  const next = useCallback(
    async (after: number) => {
      try {
        const answer = await fetchNextItem(jobId, filters, after);
        setNote('');
        setVotes('');
        setChosen([]);
        setIntent(false);
        if (answer.item) {
          setDone(null);
          onItem(answer.item.id);
        } else setDone('Nothing left for you to decide with these filters.');
      } catch (error) {
        notify.error(errorMessage(error));
      }
    },
    [jobId, filters, onItem, notify],
  );

  useEffect(() => {
    if (itemId === null && !done) void next(0);
  }, [itemId, done, next]);

  const submit = useCallback(
    (decision: AdjudicationDecision) => {
      if (!item.data) return;
      const byName = item.data.options.length > 0;
      if (decision === 'other' && (!intent || (!byName && !votes.trim()))) {
        setIntent(true);
        setTimeout(() => votesRef.current?.focus(), 0);
        return;
      }
      const intended = byName ? chosen.join(';') || 'none' : votes;
      decide.mutate(
        {
          itemId: item.data.id,
          body: { decision, note, votes: decision === 'other' ? intended : '' },
        },
        {
          onSuccess: (answer) => {
            notify.success(answer.message);
            if (answer.message.includes('Out of date now')) onStale(answer.message);
            void next(item.data?.id ?? 0);
          },
          onError: (error) => notify.error(errorMessage(error)),
        },
      );
    },
    [item.data, votes, chosen, intent, note, decide, notify, onStale, next],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest('input, textarea, [role="slider"]') || e.ctrlKey || e.metaKey || e.altKey)
        return;
      const key = e.key.toLowerCase();
      if (key === 'n' && item.data) {
        e.preventDefault();
        void next(item.data.id);
      } else if (KEYS[key] && item.data?.can_decide) {
        e.preventDefault();
        submit(KEYS[key]);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [item.data, next, submit]);

  if (done)
    return (
      <Alert
        severity="success"
        action={
          <Button color="inherit" size="small" onClick={onQueue}>
            Back to the queue
          </Button>
        }
      >
        {done}
      </Alert>
    );
  if (item.error) return <Alert severity="warning">{errorMessage(item.error)}</Alert>;
  const data = item.data;
  if (!data) return <Typography>Loading the next item…</Typography>;
  const names = optionNamesOf(data.options);
  return (
    <Box aria-label="Ballot viewer" data-sheet={data.sheet_id}>
      <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={1} useFlexGap>
        <Typography variant="h6" component="h3">
          Item {data.id}: {data.kind}
        </Typography>
        <Chip size="small" label={`Ballot ${data.sheet_id || '—'}`} />
        {data.contest_id && (
          <Chip
            size="small"
            title={`Contest id ${data.contest_id}`}
            label={`Contest: ${data.contest || data.contest_id}`}
          />
        )}
        {data.batch && <Chip size="small" label={`Batch ${data.batch}`} />}
        {data.style && <Chip size="small" label={`Style ${data.style}`} />}
        <Chip
          size="small"
          color={data.state === 'split' ? 'warning' : 'default'}
          label={stateLabel(data.state)}
        />
      </Stack>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Typography variant="subtitle2">Contest crop</Typography>
          {data.crop_url ? (
            <img
              src={data.crop_url}
              alt={`Contest ${data.contest || data.contest_id} on ballot ${data.sheet_id}`}
              style={{ maxWidth: '100%', border: '1px solid #ccc', background: '#fff' }}
            />
          ) : data.page_url ? (
            <ContestCrop
              url={data.page_url}
              targets={data.targets}
              contest={data.contest_id}
              names={names}
            />
          ) : (
            <Typography color="text.secondary">No ballot image for this item.</Typography>
          )}
          <Readings item={data} names={names} />
          {data.reviews.length > 0 && (
            <Box aria-label="Reviews" sx={{ mb: 1 }}>
              <Typography variant="subtitle2">Reviews</Typography>
              {data.reviews.map((r) => (
                <Typography variant="body2" key={`${r.reviewer}-${r.decided_at}`}>
                  {r.mine ? 'You' : r.reviewer}: {decisionLabel(r.decision)} (
                  {readingLabel(r.votes, names)}){r.settles ? ', settling' : ''}
                  {r.note ? `: “${r.note}”` : ''}
                </Typography>
              ))}
            </Box>
          )}
          {data.decision && (
            <Alert severity="success" sx={{ mb: 1 }}>
              Decided by {data.decided_by_name || 'a former user'}: {decisionLabel(data.decision)} (
              {readingLabel(data.decided_votes, names)})
            </Alert>
          )}
          {data.state === 'open' && data.review_count > 0 && !data.can_decide && (
            <Alert severity="info" sx={{ mb: 1 }}>
              Waiting for a second adjudicator.
            </Alert>
          )}
          {data.can_decide ? (
            <Stack spacing={1} component="form" onSubmit={(e) => e.preventDefault()}>
              <TextField
                size="small"
                label="Comment"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                multiline
                maxRows={4}
              />
              {intent && data.options.length > 0 && (
                <IntentChoices
                  options={data.options}
                  chosen={chosen}
                  onChange={setChosen}
                  onSubmit={() => submit('other')}
                />
              )}
              {intent && data.options.length === 0 && (
                <TextField
                  size="small"
                  label="Voter intent is (options, ; between; none for no vote)"
                  value={votes}
                  inputRef={votesRef}
                  onChange={(e) => setVotes(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      submit('other');
                    }
                  }}
                />
              )}
              <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={1} useFlexGap>
                <Button variant="contained" onClick={() => submit('image')}>
                  Image right (I)
                </Button>
                <Button variant="contained" onClick={() => submit('cvr')}>
                  Record right (C)
                </Button>
                <Button variant="outlined" onClick={() => submit('other')}>
                  Voter intent is… (V)
                </Button>
                <Button variant="outlined" color="warning" onClick={() => submit('unreadable')}>
                  Unreadable (U)
                </Button>
                <Button onClick={() => void next(data.id)}>Skip (N)</Button>
              </Stack>
              <Typography variant="caption" color="text.secondary">
                Keys: I image right · C record right · V voter intent · U unreadable · N next
              </Typography>
            </Stack>
          ) : (
            <Button onClick={() => void next(data.id)}>Next item (N)</Button>
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="subtitle2">Whole page</Typography>
          {data.page_url ? (
            <BallotPage
              url={data.page_url}
              targets={data.targets}
              contest={data.contest_id}
              names={names}
            />
          ) : (
            <Typography color="text.secondary">No page image for this item.</Typography>
          )}
        </Grid>
      </Grid>
    </Box>
  );
}
