import { z } from 'zod';
import { MESSAGES } from './messages.js';

// A missing field reads as the spec's 'Required.' wherever a schema gives no message of its own.
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? MESSAGES.required : undefined,
});
