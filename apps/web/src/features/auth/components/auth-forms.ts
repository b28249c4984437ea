import { z } from 'zod';
import {
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  signInBodySchema,
  signUpBodySchema,
} from '@scrutineer/contracts';

const plainPassword = z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort);

/** Login form: the contract's e-mail rule, the password as typed. */
export const loginFormSchema = z.object({
  email: signInBodySchema.shape.email,
  password: z.string().min(1, MESSAGES.required),
});

export const signUpFormSchema = signUpBodySchema
  .pick({ first_name: true, last_name: true, email: true, phone_number: true })
  .extend({ password: plainPassword, confirm_password: z.string() })
  .refine((form) => form.password === form.confirm_password, {
    path: ['confirm_password'],
    message: MESSAGES.passwordsDiffer,
  });

export const newPasswordFormSchema = z
  .object({ new_password: plainPassword, confirm_password: z.string() })
  .refine((form) => form.new_password === form.confirm_password, {
    path: ['confirm_password'],
    message: MESSAGES.passwordsDiffer,
  });

export const emailFormSchema = z.object({ email: signInBodySchema.shape.email });
