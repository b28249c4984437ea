import type { Found } from './targets.js';
import type { Offsets } from './shape.js';

/** A blob this near (inches) in x to a target, or to another such blob, is in a column with it. */
export const COLUMN_X = 0.05;

/** An inside under this share of the usual one (printed ones differ by a tenth at most) is what the exemplars' marks left of it. */
const SHRUNK = 0.8;
/**
 * An inside with more than this share of its pixels where the style's other targets print
 * their outline reaches into the printed outline (0.007 at most seen on clean templates of 300
 * dpi, 0.048 on a template whose oval's lower stroke came out broken).
 */
const REACH = 0.025;
/** How many targets of its size a target's inside is laid on to tell whether it reaches. */
const COMPARED = 6;

/** A target centred at cx, cy with the printed outline and inside of `sibling`. */
function shapedLike(sibling: Found, cx: number, cy: number): Found {
  return {
    x0: Math.round(cx - sibling.width / 2),
    y0: Math.round(cy - sibling.height / 2),
    width: sibling.width,
    height: sibling.height,
    cx,
    cy,
    shape: sibling.shape,
    templateInk: 0,
  };
}

/** A marked blot taken for a target: centred where it lies, shaped like its column's target. */
export function likeSibling(sibling: Found, cx: number, cy: number): Found {
  return { ...shapedLike(sibling, cx, cy), isSolid: true };
}

/** The nearest of `like` to `t`, one in its column first. */
function nearestOf(t: Found, like: Found[], dpi: number): Found | undefined {
  return [...like].sort(
    (p, q) =>
      Number(Math.abs(p.cx - t.cx) >= dpi * COLUMN_X) -
        Number(Math.abs(q.cx - t.cx) >= dpi * COLUMN_X) ||
      Math.hypot(p.cx - t.cx, p.cy - t.cy) - Math.hypot(q.cx - t.cx, q.cy - t.cy),
  )[0];
}

const sameSize = (u: Found, t: Found): boolean =>
  Math.abs(u.width - t.width) <= t.width * 0.2 && Math.abs(u.height - t.height) <= t.height * 0.2;

/**
 * A target's inside is its printed shape's inside, never the paper left round ink found there.
 * A thick outline (a Hart box) that every exemplar marked still encloses some paper on the
 * combined page, but only where some voter's mark missed; and a template built from few
 * exemplars keeps their marks (an X, a tick, a part fill), which cut a box's inside down to
 * the paper beside the strokes. Either way the inside is shrunk, and a later mark along those
 * strokes read blank (an X through a box whose one exemplar held an X: every such X read 0).
 * A target whose inside is under 80% of the usual one takes the shape of the nearest target of
 * its size whose inside is whole, as a target solid on the template does; its template ink is
 * then none (the ink in it was a voter's, not print).
 *
 * The other way, an outline that came out broken or thinned on the combined page (a stroke
 * the exemplars' scans disagree on) lets the inside reach into where the print is: on a sheet
 * whose scan is blurred or coarser, that print reads as a light mark on a blank target. Such a
 * target takes the outline and inside of the nearest target of its size that does not reach.
 */
export function withPrintedInsides(found: Found[], inked: Set<Found>, dpi: number): Found[] {
  const whole = found.filter((t) => !inked.has(t));
  const sizes = whole.map((t) => t.shape.interior.length).sort((a, b) => a - b);
  const usual = sizes[Math.floor(sizes.length / 2)];
  if (usual === undefined) return found;
  const shrunk = (t: Found): boolean => t.shape.interior.length < SHRUNK * usual;
  const reaching = new Set(whole.filter((t) => !shrunk(t) && reachesOutline(t, whole)));
  return found.map((t) => {
    if (shrunk(t)) {
      const like = whole.filter((u) => !shrunk(u) && sameSize(u, t));
      const sibling = nearestOf(t, like, dpi);
      return sibling ? likeSibling(sibling, t.cx, t.cy) : t;
    }
    if (!reaching.has(t)) return t;
    const like = whole.filter((u) => !shrunk(u) && !reaching.has(u) && sameSize(u, t));
    const sibling = nearestOf(t, like, dpi);
    if (!sibling) return t;
    // Print, not a voter's ink: the target stays printed, its template ink measured as any.
    return shapedLike(sibling, t.cx, t.cy);
  });
}

/**
 * Whether `t`'s inside lies on the outline of most of the nearest targets of its size, each laid
 * on it where their outlines agree best (within a pixel each way: centres are rounded).
 */
function reachesOutline(t: Found, all: Found[]): boolean {
  const inside = t.shape.interior;
  const count = inside.length / 2;
  const others = all.filter((u) => u !== t && sameSize(u, t));
  if (others.length < 2 || count === 0) return false;
  const nearest = others
    .sort((p, q) => Math.hypot(p.cx - t.cx, p.cy - t.cy) - Math.hypot(q.cx - t.cx, q.cy - t.cy))
    .slice(0, COMPARED);
  const onOutline = nearest
    .map((u) => {
      const theirs = new Grid(u.shape.outline);
      let best = -1;
      let reach = 0;
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const agree = theirs.countOn(t.shape.outline, dx, dy);
          if (agree > best) {
            best = agree;
            reach = theirs.countOn(inside, dx, dy);
          }
        }
      return reach;
    })
    .sort((a, b) => a - b);
  const middle = onOutline[Math.floor(onOutline.length / 2)] ?? 0;
  return middle > REACH * count;
}

/** A set of offsets about a centre, for counting how many of other offsets fall on it. */
class Grid {
  private readonly cells: Uint8Array;
  private readonly radius: number;
  private readonly side: number;

  constructor(offsets: Offsets) {
    let radius = 1;
    for (const v of offsets) radius = Math.max(radius, Math.abs(v) + 2);
    this.radius = radius;
    this.side = 2 * radius + 1;
    this.cells = new Uint8Array(this.side * this.side);
    for (let i = 0; i + 1 < offsets.length; i += 2)
      this.cells[
        ((offsets[i + 1] as number) + radius) * this.side + (offsets[i] as number) + radius
      ] = 1;
  }

  /** How many of `offsets`, moved by dx, dy, fall on the set (the set moved by −dx, −dy). */
  countOn(offsets: Offsets, dx: number, dy: number): number {
    const { radius, side, cells } = this;
    let n = 0;
    for (let i = 0; i + 1 < offsets.length; i += 2) {
      const x = (offsets[i] as number) + dx + radius;
      const y = (offsets[i + 1] as number) + dy + radius;
      if (x >= 0 && y >= 0 && x < side && y < side && cells[y * side + x]) n += 1;
    }
    return n;
  }
}
