import { useEffect, useReducer, useRef, useState, type PointerEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MappedTarget, TemplateList, TemplateStyle } from '@scrutineer/contracts';
import { errorMessage } from '../../../lib/api-error';
import {
  exportTargetMap,
  targetMapQuery,
  useMapStageRunning,
  useSaveTargetMap,
  useTargetMap,
  useTemplateImage,
} from '../api/templates';
import { clampBox, mapReducer } from './map-history';
import { formatDateTime } from '../../../lib/dates';

/** A server refusal about `targets.N` names the box as the screen numbers it. */
const boxMessage = (text: string) =>
  text.replace(/^targets\.(\d+)(?:\.\w+)?: /, (_, n: string) => `Box ${Number(n) + 1}: `);

type Drag =
  | { kind: 'draw'; x0: number; y0: number }
  | { kind: 'move' | 'resize'; index: number; dx: number; dy: number; from: MappedTarget };

/**
 * Draw, move, resize and delete a style's target boxes on its template (or exemplar), assign
 * each its contest and option, copy another style's layout, undo, import, export and save.
 */
export function TargetMapper({
  jobId,
  style,
  list,
  onClose,
}: {
  jobId: number;
  style: TemplateStyle;
  list: TemplateList;
  onClose: () => void;
}) {
  const map = useTargetMap(jobId, style.style);
  const image = useTemplateImage(jobId, style.style, style.has_template ? 'template' : 'exemplar');
  const save = useSaveTargetMap(jobId, style.style);
  const running = useMapStageRunning(jobId);
  const client = useQueryClient();
  const [state, dispatch] = useReducer(mapReducer, { boxes: [], past: [] });
  const [selected, setSelected] = useState<number | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [draft, setDraft] = useState<MappedTarget | null>(null);
  const [copyFrom, setCopyFrom] = useState('');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const canEdit = map.data?.can.edit ?? false;
  const { width, height } = style;
  const loaded = map.data?.targets;

  useEffect(() => {
    if (loaded) dispatch({ type: 'reset', boxes: loaded });
  }, [loaded]);

  const point = (e: PointerEvent) => {
    const m = svg.current?.getScreenCTM()?.inverse();
    if (!m) return { x: 0, y: 0 };
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
    return { x: p.x, y: p.y };
  };
  const contests = list.contests.filter((c) => map.data?.contest_ids.includes(c.id) ?? true);
  const box = selected === null ? undefined : state.boxes[selected];
  const options = contests.find((c) => c.id === box?.contest_id)?.options ?? [];

  // The box a drawing drag spans from where it began to the pointer, kept on the page.
  const drawnBox = (from: { x0: number; y0: number }, p: { x: number; y: number }) =>
    clampBox(
      {
        x: Math.min(from.x0, p.x),
        y: Math.min(from.y0, p.y),
        width: Math.abs(p.x - from.x0),
        height: Math.abs(p.y - from.y0),
      },
      width,
      height,
    );

  const down = (e: PointerEvent, index?: number, resize = false) => {
    if (!canEdit) return;
    e.stopPropagation();
    (e.target as Element).setPointerCapture?.(e.pointerId);
    const p = point(e);
    if (index === undefined) {
      setSelected(null);
      setDrag({ kind: 'draw', x0: p.x, y0: p.y });
      return;
    }
    const from = state.boxes[index];
    if (!from) return;
    setSelected(index);
    // The first move of a drag is its own undo step; the rest fold into it.
    dispatch({ type: 'update', index, box: {} });
    setDrag({ kind: resize ? 'resize' : 'move', index, dx: p.x, dy: p.y, from });
  };
  const move = (e: PointerEvent) => {
    if (!drag) return;
    const p = point(e);
    if (drag.kind === 'draw') {
      setDraft({
        ...drawnBox(drag, p),
        contest_id: '',
        option_id: '',
      });
      return;
    }
    const f = drag.from;
    const next =
      drag.kind === 'move'
        ? { ...f, x: f.x + p.x - drag.dx, y: f.y + p.y - drag.dy }
        : { ...f, width: f.width + p.x - drag.dx, height: f.height + p.y - drag.dy };
    dispatch({
      type: 'update',
      index: drag.index,
      box: clampBox(next, width, height),
      merge: true,
    });
  };
  const up = (e: PointerEvent) => {
    // The box is taken from where the pointer is let go, not from the last drawn draft: a quick
    // drag can end before the page has drawn its moves.
    if (drag?.kind === 'draw') {
      const p = point(e);
      const box = drawnBox(drag, p);
      if (box.width >= 6 && box.height >= 6) {
        dispatch({ type: 'add', box: { ...box, contest_id: '', option_id: '' } });
        setSelected(state.boxes.length);
      }
    }
    setDraft(null);
    setDrag(null);
  };

  const assign = (change: Partial<MappedTarget>) => {
    if (selected !== null) dispatch({ type: 'update', index: selected, box: change });
  };
  const remove = () => {
    if (selected === null) return;
    dispatch({ type: 'delete', index: selected });
    setSelected(null);
  };
  const copy = async () => {
    if (!copyFrom) return;
    const other = await client.query(targetMapQuery(jobId, copyFrom));
    dispatch({
      type: 'set',
      boxes: other.targets.map((t) => ({ ...t, ...clampBox(t, width, height) })),
    });
  };
  const done = (text: string) => setNote({ ok: true, text });
  const fail = (e: unknown) => setNote({ ok: false, text: boxMessage(errorMessage(e)) });
  const unassigned = state.boxes.findIndex((b) => !b.contest_id || !b.option_id);
  // Why Save is off, in words: the server would refuse the map as it stands.
  const holdBack = running
    ? `${running} is running: save once it has finished.`
    : unassigned >= 0
      ? `Box ${unassigned + 1} has no contest and option yet: choose them, or delete the box.`
      : null;
  const submit = () =>
    save
      .mutateAsync({ kind: 'save', targets: state.boxes })
      .then((r) => done(r.message))
      .catch(fail);
  const importFile = async (f: File) => {
    const format = f.name.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
    await save
      .mutateAsync({ kind: 'import', body: { format, content: await f.text() } })
      .then((r) => done(r.message))
      .catch(fail);
  };

  const stroke = Math.max(2, width / 600);
  const font = Math.max(10, Math.round(width / 90));
  const name = style.side > 1 ? `${style.base_style}, side ${style.side}` : style.style;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Back to templates</Button>
        <Typography variant="h6" component="h3">
          Target map of style {name}
        </Typography>
        <Typography color="text.secondary">
          {state.boxes.length} targets
          {style.targets_expected === null ? '' : ` of ${style.targets_expected} expected`} · drawn
          on its {map.data?.image ?? 'template'}
          {map.data?.edited
            ? ` · edited by ${map.data.edited.by}, ${formatDateTime(map.data.edited.at)}`
            : ' · automatic'}
        </Typography>
      </Stack>
      {note && <Alert severity={note.ok ? 'success' : 'error'}>{note.text}</Alert>}
      {map.error && <Alert severity="error">{errorMessage(map.error)}</Alert>}
      {image.error && <Alert severity="error">{image.error}</Alert>}
      {canEdit && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={save.isPending || holdBack !== null}
            aria-describedby={holdBack ? 'mapper-hold-back' : undefined}
          >
            Save map
          </Button>
          <Button onClick={() => dispatch({ type: 'undo' })} disabled={!state.past.length}>
            Undo
          </Button>
          <Button onClick={remove} disabled={selected === null}>
            Delete box
          </Button>
          <TextField
            select
            size="small"
            label="Copy layout of"
            value={copyFrom}
            onChange={(e) => setCopyFrom(e.target.value)}
            fullWidth={false}
            sx={{ width: 180 }}
          >
            {list.styles
              .filter((s) => s.style !== style.style)
              .map((s) => (
                <MenuItem key={s.style} value={s.style}>
                  {s.style}
                </MenuItem>
              ))}
          </TextField>
          <Button onClick={() => void copy()} disabled={!copyFrom}>
            Copy
          </Button>
          <Button onClick={() => file.current?.click()} disabled={running !== null}>
            Import
          </Button>
          <input
            ref={file}
            type="file"
            accept=".json,.csv"
            hidden
            aria-label="Import target map"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void importFile(f);
              e.target.value = '';
            }}
          />
          {map.data?.edited && (
            <Button
              disabled={running !== null}
              onClick={() =>
                void save
                  .mutateAsync({ kind: 'restore' })
                  .then((r) => done(r.message))
                  .catch(fail)
              }
            >
              {map.data.image === 'exemplar' ? 'Remove the drawn map' : 'Restore automatic map'}
            </Button>
          )}
        </Stack>
      )}
      {canEdit && holdBack && (
        <Typography id="mapper-hold-back" variant="body2" color="text.secondary">
          {holdBack}
        </Typography>
      )}
      {map.data?.image === 'exemplar' && (
        <Alert severity="info">
          The engine made no template of this style. Draw a box round each of its targets on this
          exemplar and name its contest and option; once saved, extractvote reads the style's sheets
          with your map when it runs again.
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          onClick={() => void exportTargetMap(jobId, style.style, 'json').catch(fail)}
        >
          Export JSON
        </Button>
        <Button
          size="small"
          onClick={() => void exportTargetMap(jobId, style.style, 'csv').catch(fail)}
        >
          Export CSV
        </Button>
      </Stack>
      {box && canEdit && (
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Typography sx={{ alignSelf: 'center' }}>
            Box {(selected ?? 0) + 1}: {box.x}, {box.y}, {box.width} × {box.height}
          </Typography>
          <TextField
            select
            size="small"
            label="Contest"
            value={box.contest_id}
            onChange={(e) => assign({ contest_id: e.target.value, option_id: '' })}
            fullWidth={false}
            sx={{ width: 260 }}
          >
            {contests.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.id} {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Option"
            value={box.option_id}
            onChange={(e) => assign({ option_id: e.target.value })}
            fullWidth={false}
            sx={{ width: 260 }}
          >
            {options.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.id} {o.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      )}
      <svg
        ref={svg}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`Target mapper for style ${name}`}
        data-testid="mapper"
        style={{
          width: '100%',
          height: 'auto',
          border: '1px solid #ccc',
          touchAction: 'none',
          cursor: canEdit ? 'crosshair' : 'default',
        }}
        onPointerDown={(e) => down(e)}
        onPointerMove={move}
        onPointerUp={up}
        onKeyDown={(e) => {
          if (e.key === 'Delete' || e.key === 'Backspace') remove();
        }}
        tabIndex={0}
      >
        {image.url && <image href={image.url} width={width} height={height} />}
        {state.boxes.map((t, i) => {
          const color = i === selected ? '#1565c0' : t.contest_id ? '#d32f2f' : '#ef6c00';
          const handle = Math.max(8, width / 150);
          return (
            <g key={i} data-testid={`box-${i}`}>
              <rect
                x={t.x}
                y={t.y}
                width={t.width}
                height={t.height}
                fill="rgba(21,101,192,0.08)"
                stroke={color}
                strokeWidth={stroke}
                style={{ cursor: canEdit ? 'move' : 'default' }}
                onPointerDown={(e) => down(e, i)}
              />
              {canEdit && i === selected && (
                <rect
                  x={t.x + t.width - handle / 2}
                  y={t.y + t.height - handle / 2}
                  width={handle}
                  height={handle}
                  fill={color}
                  style={{ cursor: 'nwse-resize' }}
                  onPointerDown={(e) => down(e, i, true)}
                />
              )}
              {/* A white halo keeps the label legible over the ballot's own printing. */}
              <text
                x={t.x + t.width + 4}
                y={t.y + t.height}
                fontSize={font}
                fill={color}
                stroke="#fff"
                strokeWidth={font / 4}
                paintOrder="stroke"
              >
                {t.contest_id ? `${t.contest_id}/${t.option_id}` : 'unassigned'}
              </text>
            </g>
          );
        })}
        {draft && (
          <rect
            x={draft.x}
            y={draft.y}
            width={draft.width}
            height={draft.height}
            fill="none"
            stroke="#1565c0"
            strokeDasharray="6 4"
            strokeWidth={stroke}
          />
        )}
      </svg>
    </Stack>
  );
}
