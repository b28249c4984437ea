/** A point on a page, in pixels. */
export interface Point {
  x: number;
  y: number;
}

/** x' = a·x + b·y + c, y' = d·x + e·y + f: template pixels to page pixels. */
export interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export const IDENTITY: Affine = { a: 1, b: 0, c: 0, d: 0, e: 1, f: 0 };

export function applyAffine(t: Affine, p: Point): Point {
  return { x: t.a * p.x + t.b * p.y + t.c, y: t.d * p.x + t.e * p.y + t.f };
}

/** Rotation in degrees and mean scale of the transform, for logs and checks. */
export function describeAffine(t: Affine): { rotation: number; scale: number } {
  return {
    rotation: (Math.atan2(t.d, t.a) * 180) / Math.PI,
    scale: Math.sqrt(Math.abs(t.a * t.e - t.b * t.d)),
  };
}

/** Least-squares affine fit from pairs; null when the points do not span two dimensions. */
export function fitAffine(from: Point[], to: Point[]): Affine | null {
  if (from.length < 3 || from.length !== to.length) return null;
  // Normal equations, shared by the x and y rows: M·[a b c] = v.
  let sxx = 0,
    sxy = 0,
    syy = 0,
    sx = 0,
    sy = 0;
  let ux = 0,
    uy = 0,
    u = 0,
    wx = 0,
    wy = 0,
    w = 0;
  from.forEach((p, i) => {
    const q = to[i] ?? p;
    sxx += p.x * p.x;
    sxy += p.x * p.y;
    syy += p.y * p.y;
    sx += p.x;
    sy += p.y;
    ux += q.x * p.x;
    uy += q.x * p.y;
    u += q.x;
    wx += q.y * p.x;
    wy += q.y * p.y;
    w += q.y;
  });
  const m = [
    [sxx, sxy, sx],
    [sxy, syy, sy],
    [sx, sy, from.length],
  ];
  const row1 = solve3(m, [ux, uy, u]);
  const row2 = solve3(m, [wx, wy, w]);
  if (!row1 || !row2) return null;
  return { a: row1[0], b: row1[1], c: row1[2], d: row2[0], e: row2[1], f: row2[2] };
}

function solve3(m: number[][], v: number[]): [number, number, number] | null {
  const at = (r: number, c: number): number => m[r]?.[c] ?? 0;
  const det = (cols: number[][]): number => {
    const g = (r: number, c: number): number => cols[r]?.[c] ?? 0;
    return (
      g(0, 0) * (g(1, 1) * g(2, 2) - g(1, 2) * g(2, 1)) -
      g(0, 1) * (g(1, 0) * g(2, 2) - g(1, 2) * g(2, 0)) +
      g(0, 2) * (g(1, 0) * g(2, 1) - g(1, 1) * g(2, 0))
    );
  };
  const base = [0, 1, 2].map((r) => [at(r, 0), at(r, 1), at(r, 2)]);
  const d = det(base);
  if (Math.abs(d) < 1e-9) return null;
  const replaced = (col: number): number =>
    det(base.map((row, r) => row.map((value, c) => (c === col ? (v[r] ?? 0) : value)))) / d;
  return [replaced(0), replaced(1), replaced(2)];
}
