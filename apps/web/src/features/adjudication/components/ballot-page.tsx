import { useState } from 'react';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdjudicationTarget } from '@scrutineer/contracts';
import type { OptionNames } from './labels';

const COLOR: Record<string, string> = { vote: '#2e7d32', gray: '#ed6c02', blank: '#757575' };
const RADIUS = 14;

function Targets({
  targets,
  contest,
  names,
}: {
  targets: AdjudicationTarget[];
  contest: string;
  names?: OptionNames;
}) {
  return (
    <>
      {targets.map((t) => {
        const mine = t.contest_id === contest;
        return (
          <g key={`${t.contest_id}-${t.option_id}`} data-target={t.option_id}>
            <circle
              cx={t.x}
              cy={t.y}
              r={RADIUS}
              fill="none"
              stroke={COLOR[t.decision] ?? '#1976d2'}
              strokeWidth={mine ? 4 : 2}
              opacity={mine ? 1 : 0.6}
            />
            <text
              x={t.x + RADIUS + 4}
              y={t.y - RADIUS}
              fontSize={16}
              fontWeight={mine ? 700 : 400}
              fill={COLOR[t.decision] ?? '#1976d2'}
              stroke="#fff"
              strokeWidth={3}
              paintOrder="stroke"
            >
              {`${(mine && names?.get(t.option_id)) || t.option_id} ${Math.round(t.fill * 100)}%`}
            </text>
          </g>
        );
      })}
    </>
  );
}

/** The page's pixel size, read once the image loads; targets are drawn in those pixels. */
function usePageSize() {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const onLoad = (e: React.SyntheticEvent<HTMLImageElement>) =>
    setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight });
  return { size, onLoad };
}

/**
 * The contest cut from the page: the box around its targets, padded, with the targets drawn
 * and their scores. Used where the stage made no crop (gray marks, ballots without records).
 */
export function ContestCrop({
  url,
  targets,
  contest,
  names,
}: {
  url: string;
  targets: AdjudicationTarget[];
  contest: string;
  names?: OptionNames;
}) {
  const { size, onLoad } = usePageSize();
  const own = targets.filter((t) => t.contest_id === contest);
  if (own.length === 0) return null;
  const pad = 70;
  const x0 = Math.max(0, Math.min(...own.map((t) => t.x)) - pad);
  const y0 = Math.max(0, Math.min(...own.map((t) => t.y)) - pad);
  const x1 = Math.max(...own.map((t) => t.x)) + pad * 4;
  const y1 = Math.max(...own.map((t) => t.y)) + pad;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', bgcolor: '#fff', maxWidth: 640 }}>
      <img src={url} alt="" onLoad={onLoad} style={{ display: 'none' }} />
      {size && (
        <svg
          viewBox={`${x0} ${y0} ${Math.min(x1, size.w) - x0} ${Math.min(y1, size.h) - y0}`}
          width="100%"
          role="img"
          aria-label="Contest crop"
        >
          <image href={url} x={0} y={0} width={size.w} height={size.h} />
          <Targets targets={own} contest={contest} names={names} />
        </svg>
      )}
    </Box>
  );
}

/** The whole page, zoomable, with every target outlined and its fill score. */
export function BallotPage({
  url,
  targets,
  contest,
  names,
}: {
  url: string;
  targets: AdjudicationTarget[];
  contest: string;
  names?: OptionNames;
}) {
  const { size, onLoad } = usePageSize();
  const [zoom, setZoom] = useState(100);
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', maxWidth: 360 }}>
        <Typography variant="body2" id="zoom-label">
          Zoom
        </Typography>
        <Slider
          size="small"
          min={50}
          max={400}
          step={25}
          value={zoom}
          onChange={(_e, v) => setZoom(v)}
          aria-labelledby="zoom-label"
          valueLabelDisplay="auto"
          valueLabelFormat={(v) => `${v}%`}
        />
      </Stack>
      <Box
        sx={{
          overflow: 'auto',
          maxHeight: 720,
          border: 1,
          borderColor: 'divider',
          bgcolor: '#fff',
        }}
      >
        <img src={url} alt="" onLoad={onLoad} style={{ display: 'none' }} />
        {size && (
          <svg
            viewBox={`0 0 ${size.w} ${size.h}`}
            width={`${zoom}%`}
            role="img"
            aria-label="Whole ballot page"
            style={{ display: 'block' }}
          >
            <image href={url} x={0} y={0} width={size.w} height={size.h} />
            <Targets targets={targets} contest={contest} names={names} />
          </svg>
        )}
      </Box>
    </Box>
  );
}
