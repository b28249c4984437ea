import type { MappedTarget } from '@scrutineer/contracts';

/** The boxes being edited and every earlier state, for undo. */
export interface MapHistory {
  boxes: MappedTarget[];
  past: MappedTarget[][];
}

export type MapChange =
  | { type: 'reset'; boxes: MappedTarget[] }
  | { type: 'set'; boxes: MappedTarget[] }
  | { type: 'add'; box: MappedTarget }
  | { type: 'update'; index: number; box: Partial<MappedTarget>; merge?: boolean }
  | { type: 'delete'; index: number }
  | { type: 'undo' };

/** Applies one change; `merge` folds a drag's many moves into one undo step. */
export function mapReducer(state: MapHistory, change: MapChange): MapHistory {
  const keep = (boxes: MappedTarget[]): MapHistory => ({
    boxes,
    past: [...state.past, state.boxes].slice(-200),
  });
  switch (change.type) {
    case 'reset':
      return { boxes: change.boxes, past: [] };
    case 'set':
      return keep(change.boxes);
    case 'add':
      return keep([...state.boxes, change.box]);
    case 'update': {
      const boxes = state.boxes.map((b, i) => (i === change.index ? { ...b, ...change.box } : b));
      return change.merge ? { ...state, boxes } : keep(boxes);
    }
    case 'delete':
      return keep(state.boxes.filter((_, i) => i !== change.index));
    case 'undo':
      return state.past.length
        ? { boxes: state.past[state.past.length - 1] ?? [], past: state.past.slice(0, -1) }
        : state;
  }
}

/** A box kept whole inside the page, at least 4 pixels each way. */
export function clampBox(
  box: Pick<MappedTarget, 'x' | 'y' | 'width' | 'height'>,
  width: number,
  height: number,
) {
  const w = Math.max(4, Math.min(Math.round(box.width), width));
  const h = Math.max(4, Math.min(Math.round(box.height), height));
  return {
    x: Math.max(0, Math.min(Math.round(box.x), width - w)),
    y: Math.max(0, Math.min(Math.round(box.y), height - h)),
    width: w,
    height: h,
  };
}
