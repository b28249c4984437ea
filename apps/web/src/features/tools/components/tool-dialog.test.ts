import { describe, expect, it } from 'vitest';
import { parseOperands } from './tool-dialog';

describe('tool operands', () => {
  it('accept a JSON object naming op, with its arguments', () => {
    expect(parseOperands('{"op":"recount_cvr","cvr":"a.csv"}')).toEqual({
      op: 'recount_cvr',
      cvr: 'a.csv',
    });
  });

  it('refuse text that is not JSON, lacks op, or is not an object', () => {
    expect(parseOperands('')).toBeNull();
    expect(parseOperands('rm -rf /')).toBeNull();
    expect(parseOperands('{"cvr":"a.csv"}')).toBeNull();
    expect(parseOperands('["op"]')).toBeNull();
  });
});
