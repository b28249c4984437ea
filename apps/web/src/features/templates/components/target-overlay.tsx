import type { MappedTarget } from '@scrutineer/contracts';

/** A style side's image with its targets outlined and labelled by contest and option. */
export function TargetOverlay({
  url,
  width,
  height,
  targets,
  label,
}: {
  url: string | null;
  width: number;
  height: number;
  targets: MappedTarget[];
  label: string;
}) {
  const font = Math.max(10, Math.round(width / 90));
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
      {targets.map((t, i) => (
        <g key={i}>
          <rect
            x={t.x}
            y={t.y}
            width={t.width}
            height={t.height}
            fill="none"
            stroke="#d32f2f"
            strokeWidth={Math.max(2, width / 600)}
          />
          <text
            x={t.x + t.width + 4}
            y={t.y + t.height}
            fontSize={font}
            fill="#d32f2f"
            stroke="#fff"
            strokeWidth={font / 4}
            paintOrder="stroke"
          >
            {t.contest_id}/{t.option_id}
          </text>
        </g>
      ))}
    </svg>
  );
}
