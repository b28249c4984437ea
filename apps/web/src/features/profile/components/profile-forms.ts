import { z } from 'zod';
import { MESSAGES, PASSWORD_MIN_LENGTH, updateProfileBodySchema } from '@scrutineer/contracts';

export const profileFormSchema = updateProfileBodySchema.pick({
  first_name: true,
  last_name: true,
  email: true,
  phone_number: true,
});

export const passwordFormSchema = z
  .object({
    current_password: z.string().min(1, MESSAGES.required),
    new_password: z.string().min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort),
    confirm_password: z.string(),
  })
  .refine((form) => form.new_password === form.confirm_password, {
    path: ['confirm_password'],
    message: MESSAGES.passwordsDiffer,
  });
