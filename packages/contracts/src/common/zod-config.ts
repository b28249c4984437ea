import { z } from 'zod';
import { MESSAGES } from './messages.js';

type Issue = z.core.$ZodRawIssue;

const count = (n: unknown, one: string) => `${String(n)} ${n === 1 ? one : `${one}s`}`;

/** Plain words for a size limit: text length, list length or number range. */
function sizeMessage(issue: Issue & { origin?: string }, big: boolean): string | undefined {
  const limit = big
    ? (issue as { maximum?: unknown }).maximum
    : (issue as { minimum?: unknown }).minimum;
  const inclusive = (issue as { inclusive?: boolean }).inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (!big && limit === 1) return MESSAGES.required;
      return big
        ? `Must be at most ${count(limit, 'character')}.`
        : `Must be at least ${count(limit, 'character')}.`;
    case 'array':
    case 'set':
      return big ? `Choose at most ${String(limit)}.` : `Choose at least ${String(limit)}.`;
    case 'number':
    case 'int':
    case 'bigint':
      if (big)
        return inclusive
          ? `Must be ${String(limit)} or less.`
          : `Must be less than ${String(limit)}.`;
      if (limit === 0 && !inclusive) return 'Must be greater than 0.';
      if (limit === 0) return 'Must not be negative.';
      return inclusive
        ? `Must be ${String(limit)} or more.`
        : `Must be more than ${String(limit)}.`;
    default:
      return undefined;
  }
}

/**
 * Messages people read, in place of zod's own ("Too big: expected string to have <=100
 * characters"). A missing field reads as the spec's 'Required.' wherever a schema gives no
 * message of its own.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return MESSAGES.required;
        if (issue.expected === 'int') return 'Must be a whole number.';
        if (issue.expected === 'number') return 'Must be a number.';
        if (issue.expected === 'boolean') return 'Must be yes or no.';
        if (issue.expected === 'date') return 'Must be a date.';
        return MESSAGES.invalidValue;
      case 'too_big':
        return sizeMessage(issue, true);
      case 'too_small':
        return sizeMessage(issue, false);
      case 'invalid_format':
        if (issue.format === 'email') return 'Enter a valid email address.';
        if (issue.format === 'url') return 'Enter a valid web address.';
        return MESSAGES.invalidValue;
      case 'invalid_value':
        return issue.values.length <= 6
          ? `Choose one of: ${issue.values.map(String).join(', ')}.`
          : MESSAGES.invalidValue;
      case 'not_multiple_of':
        return 'Must be a whole number.';
      default:
        return undefined;
    }
  },
});
