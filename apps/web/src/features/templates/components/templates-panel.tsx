import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditJob, TemplateList, TemplateStyle } from '@scrutineer/contracts';
import { errorMessage } from '../../../lib/api-error';
import {
  templateKeys,
  useMapStageRunning,
  useTargetMap,
  useTemplateImage,
  useTemplates,
} from '../api/templates';
import { TargetMapper } from './target-mapper';
import { TargetOverlay } from './target-overlay';
import { formatDateTime } from '../../../lib/dates';

function StyleCard({
  jobId,
  style,
  onOpen,
  canEdit,
}: {
  jobId: number;
  style: TemplateStyle;
  onOpen: () => void;
  canEdit: boolean;
}) {
  const map = useTargetMap(jobId, style.style);
  const image = useTemplateImage(jobId, style.style, style.has_template ? 'template' : 'exemplar');
  const redline = useTemplateImage(jobId, style.style, 'redline', style.has_redline);
  const [proof, setProof] = useState(false);
  const name =
    style.side > 1 ? `Style ${style.base_style}, side ${style.side}` : `Style ${style.style}`;
  return (
    <Card variant="outlined" data-testid={`style-${style.style}`}>
      <CardContent>
        <Typography variant="h6" component="h3">
          {name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, my: 1 }}>
          <Chip size="small" label={`${style.exemplars} exemplars`} />
          <Chip
            size="small"
            color={
              style.targets_expected !== null && style.targets_found !== style.targets_expected
                ? 'warning'
                : 'default'
            }
            label={`Targets ${style.targets_found}${style.targets_expected === null ? '' : ` of ${style.targets_expected}`}`}
          />
          <Chip
            size="small"
            label={`Residual ${style.residual === null ? '—' : `${style.residual} px`}`}
          />
          <Chip size="small" label={`Mapped by ${style.mapping_source}`} />
          <Chip size="small" label={`${style.sheets_read} sheets read`} />
          {style.edited && (
            <Chip
              size="small"
              color="info"
              label={`Edited by ${style.edited.by}, ${formatDateTime(style.edited.at)}`}
            />
          )}
        </Stack>
        {style.problems.map((p) => (
          <Alert key={p} severity="warning" sx={{ mb: 1 }}>
            {p}
          </Alert>
        ))}
        {(map.data?.obscured.length ?? 0) > 0 && (
          <Box sx={{ mb: 1 }} data-testid="obscured-targets">
            <Typography variant="subtitle2" component="h4">
              Targets always read gray
            </Typography>
            <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
              {map.data?.obscured.map((o) => (
                <li key={`${o.contest_id}/${o.option_id}`}>
                  <Typography variant="body2">
                    <strong>
                      {o.contest_id}/{o.option_id}
                    </strong>
                    : {o.reason}
                  </Typography>
                </li>
              ))}
            </Box>
          </Box>
        )}
        {image.error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {image.error}
          </Alert>
        )}
        {proof && redline.url ? (
          <img src={redline.url} alt={`${name} redline proof`} style={{ width: '100%' }} />
        ) : (
          <TargetOverlay
            url={image.url}
            width={style.width}
            height={style.height}
            targets={map.data?.targets ?? []}
            obscured={map.data?.obscured}
            label={`${name} template with its targets`}
          />
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button variant="contained" size="small" onClick={onOpen}>
            {canEdit ? 'Map targets' : 'View map'}
          </Button>
          {style.has_redline && (
            <Button size="small" onClick={() => setProof(!proof)}>
              {proof ? 'Show targets' : 'Show redline proof'}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function Summary({ list }: { list: TemplateList }) {
  const short = list.styles.filter(
    (s) => s.targets_expected !== null && s.targets_found !== s.targets_expected,
  );
  // Grouped by position and not yet mapped by a person: gentemplates stays finished with problems.
  const waiting = list.styles.filter((s) => s.mapping_source === 'position');
  const names = waiting.map((s) => (s.side > 1 ? `${s.base_style} side ${s.side}` : s.base_style));
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Typography>
        {list.styles.length} style sides; {list.missing.length} styles without a template
        {list.missing.length ? ` (${list.missing.join(', ')})` : ''}; {short.length} with targets
        missing or extra.
      </Typography>
      {waiting.length > 0 && (
        <Alert severity="warning" data-testid="awaiting-map">
          Waiting for a person&apos;s target map: {names.join(', ')}.{' '}
          {waiting.length === 1
            ? "Its targets did not match the election's contests; a person must map them (Map targets on the style's card) before its sheets are compared."
            : "Their targets did not match the election's contests; a person must map them (Map targets on each style's card) before their sheets are compared."}
        </Alert>
      )}
    </Stack>
  );
}

/** The job's Templates tab: each style's template and targets, and the mapper. */
export function TemplatesPanel({ job }: { job: AuditJob }) {
  const list = useTemplates(job.id);
  const [open, setOpen] = useState<string | null>(null);
  // What a finished gentemplates or extractvote wrote (templates, sheets read) is read again.
  const running = useMapStageRunning(job.id);
  const client = useQueryClient();
  const was = useRef(running);
  useEffect(() => {
    if (was.current && !running)
      void client.invalidateQueries({ queryKey: templateKeys.all(job.id) });
    was.current = running;
  }, [running, client, job.id]);
  if (list.error) return <Alert severity="error">{errorMessage(list.error)}</Alert>;
  if (!list.data) return <Typography>Loading templates…</Typography>;
  const data = list.data;
  if (data.styles.length === 0)
    return (
      <Alert severity="info">
        No templates yet: run gentemplates in Audit Operations to make one per ballot style.
      </Alert>
    );
  const current = data.styles.find((s) => s.style === open);
  if (current)
    return (
      <TargetMapper
        jobId={job.id}
        style={current}
        list={data}
        onClose={() => {
          setOpen(null);
          void list.refetch();
        }}
      />
    );
  return (
    <Box>
      <Summary list={data} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' },
        }}
      >
        {data.styles.map((s) => (
          <StyleCard
            key={s.style}
            jobId={job.id}
            style={s}
            canEdit={data.can.edit}
            onOpen={() => setOpen(s.style)}
          />
        ))}
      </Box>
    </Box>
  );
}
