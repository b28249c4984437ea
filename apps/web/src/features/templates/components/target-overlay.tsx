import type { MappedTarget, ObscuredTarget } from '@scrutineer/contracts';

/**
 * A style side's image with its targets outlined and labelled by contest and option; a target
 * printed over (always read gray) is drawn dashed in amber and says so.
 */
export function TargetOverlay({
  url,
  width,
  height,
  targets,
  obscured = [],
  label,
}: {
  url: string | null;
  width: number;
  height: number;
  targets: MappedTarget[];
  obscured?: ObscuredTarget[];
  label: string;
}) {
  const font = Math.max(10, Math.round(width / 90));
  const isObscured = (t: MappedTarget) =>
    obscured.some((o) => o.contest_id === t.contest_id && o.option_id === t.option_id);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      style={{ width: '100%', height: 'auto', background: '#fff', border: '1px solid #ccc' }}
    >
      {url ? (
        <image href={url} width={width} height={height} />
      ) : (
        <text x={width / 2} y={height / 2} fontSize={font * 2} textAnchor="middle" fill="#777">
          Loading image…
        </text>
      )}
      {targets.map((t, i) => {
        const gray = isObscured(t);
        const color = gray ? '#e65100' : '#d32f2f';
        return (
          <g key={i} data-obscured={gray ? 'true' : undefined}>
            <rect
              x={t.x}
              y={t.y}
              width={t.width}
              height={t.height}
              fill={gray ? 'rgba(230,81,0,0.18)' : 'none'}
              stroke={color}
              strokeDasharray={gray ? `${font / 2} ${font / 4}` : undefined}
              strokeWidth={Math.max(2, width / 600)}
            />
            <text
              x={t.x + t.width + 4}
              y={t.y + t.height}
              fontSize={font}
              fill={color}
              stroke="#fff"
              strokeWidth={font / 4}
              paintOrder="stroke"
            >
              {t.contest_id}/{t.option_id}
              {gray ? ' always gray: printed over' : ''}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
