import { describe, expect, it } from 'vitest';
import { jobStatusOf } from './job-status.js';

const fresh = ['unbuilt-ready', 'unbuilt-notready', 'unbuilt-notready'];

describe('job status from its stages', () => {
  it('keeps the stored status until a stage has run', () => {
    expect(jobStatusOf('New', fresh)).toBe('New');
    expect(jobStatusOf('New', [])).toBe('New');
  });
  it('moves past New as stages run and are built', () => {
    expect(jobStatusOf('New', ['RUNNING', 'unbuilt-notready', 'unbuilt-notready'])).toBe('RUNNING');
    expect(jobStatusOf('New', ['built', 'unbuilt-ready', 'unbuilt-notready'])).toBe('built');
    expect(jobStatusOf('New', ['built', 'SUCCESS', 'built'])).toBe('SUCCESS');
  });
  it('names a stopped, failed or out-of-date stage before what is built', () => {
    expect(jobStatusOf('New', ['built', 'FAILURE', 'unbuilt-notready'])).toBe('FAILURE');
    expect(jobStatusOf('New', ['built', 'STOPPED', 'unbuilt-notready'])).toBe('STOPPED');
    expect(jobStatusOf('New', ['built', 'built', 'built-new'])).toBe('built-new');
    expect(jobStatusOf('New', ['built', 'RUNNING', 'built-new'])).toBe('RUNNING');
    expect(jobStatusOf('New', ['built', 'PROBLEMS', 'built'])).toBe('PROBLEMS');
    expect(jobStatusOf('New', ['built', 'PROBLEMS', 'unbuilt-ready'])).toBe('PROBLEMS');
  });
});
