import { z } from 'zod';
import { MESSAGES } from './messages.js';

/** Field messages in plain words (decisions: the spec shows none for these fields). */
export const FIELD_MESSAGES = {
  nameDigits: 'Names cannot contain digits.',
  phone: 'Enter a phone number: digits, spaces and + - ( ) only.',
  postalCode: 'Enter a ZIP code such as 95814 or CA 95814.',
  notNegative: 'Must not be negative.',
} as const;

/** A person's first or last name: required, no digits. */
export const personNameSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(100)
  .refine((value) => !/\d/.test(value), FIELD_MESSAGES.nameDigits);

/** An optional phone number: empty, or at least 5 digits with spaces, + - ( ) . between them. */
export const phoneSchema = z
  .string()
  .trim()
  .max(40)
  .refine(
    (value) => value === '' || (/^\+?[\d\s().-]+$/.test(value) && /(\d.*){5}/.test(value)),
    FIELD_MESSAGES.phone,
  )
  .default('');

/** An optional US ZIP code, alone or after the state's code (95814, 95814-1234, CA 95814). */
export const postalCodeSchema = z
  .string()
  .trim()
  .max(20)
  .refine(
    (value) => value === '' || /^([A-Za-z]{2}\s*)?\d{5}(-\d{4})?$/.test(value),
    FIELD_MESSAGES.postalCode,
  )
  .default('');
