import { z } from 'zod';
import {
  ELECTION_PRIVACY,
  ELECTION_TYPES,
  MEMBER_ROLES,
  entryDateSchema,
  optionalText,
  requiredEmail,
  requiredText,
} from '@scrutineer/contracts';

/** The election properties form; the district is picked beside it. */
export const electionFormSchema = z.object({
  name: requiredText(),
  e_type: z.enum(ELECTION_TYPES),
  privacy: z.enum(ELECTION_PRIVACY),
  date: entryDateSchema,
  description: optionalText(5000),
});

/** Invite User: names and e-mail are required. */
export const inviteFormSchema = z.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: requiredEmail,
  role: z.enum(MEMBER_ROLES),
});

/** Edit User: the e-mail is sent as shown and not checked (spec part 2, section 5). */
export const editMemberFormSchema = inviteFormSchema.extend({ email: z.string() });
