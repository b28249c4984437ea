import { describe, expect, it } from 'vitest';
import { planReset } from './job-control-rules';

const row = (operation: string, label: string, control_status: string) => ({
  operation,
  label,
  control_status,
  status: control_status,
});

describe('Reset of the selected job-control rows', () => {
  it('resets Stopped, Failed and Done rows in pipeline order', () => {
    const plan = planReset(
      [row('genstyles', 'genstyles', 'Failed'), row('precheck', 'precheck', 'Done')],
      true,
    );
    expect(plan.reset.map((op) => op.operation)).toEqual(['precheck', 'genstyles']);
    expect(plan.left).toEqual([]);
  });
  it('names the rows it leaves instead of claiming a reset', () => {
    const plan = planReset(
      [row('precheck', 'precheck', 'Ready'), row('gen_bif', 'Prescan', 'Not Ready')],
      true,
    );
    expect(plan.reset).toEqual([]);
    expect(plan.summary).toBe(
      'Nothing to reset: precheck (Ready), Prescan (Not Ready). Only Stopped, Failed or Done stages can be reset.',
    );
    const some = planReset(
      [row('precheck', 'precheck', 'Done'), row('gen_bif', 'Prescan', 'Running')],
      true,
    );
    expect(some.summary).toBe('Reset 1 of 2 selected stages; left as they are: Prescan (Running).');
  });
  it('resets nothing for someone who may not reset', () => {
    expect(planReset([row('precheck', 'precheck', 'Done')], false).reset).toEqual([]);
  });
});
