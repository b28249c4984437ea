import { ELECTION_MESSAGES, type MemberCreateBody } from '@scrutineer/contracts';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { electionAddedMail, electionInvitationMail } from '../../platform/mail/templates.js';
import { invitationLink } from '../auth/index.js';
import { findUserByEmail, insertUser, type UserRow } from '../users/index.js';
import type { ElectionRow } from './elections.repository.js';
import { addMember, findMembership } from './members.repository.js';

/**
 * The application role of an account an invitation creates. Oberver (spelled as the spec
 * spells it) is the spec's watching role, which the plan-0 rule for role User does not bar,
 * so the invitee can open the election (docs/decisions.md).
 */
const INVITED_ACCOUNT_ROLE = 'Oberver';

/**
 * Adds a person to an election by e-mail. An unknown address gets a pending account (no
 * password) and an invitation to set one; a pending account is invited again; an existing
 * account gets a notice. Mail goes out after the change commits.
 */
export async function inviteToElection(
  deps: AppDeps,
  inviter: UserRow,
  election: ElectionRow,
  body: MemberCreateBody,
): Promise<number> {
  const { memberId, mail } = await deps.database.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, body.email);
    if (existing && !existing.active) throw badRequest(ELECTION_MESSAGES.accountInactive);
    const invitee =
      existing ??
      (await insertUser(tx, {
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        role: INVITED_ACCOUNT_ROLE,
      }));
    if (await findMembership(tx, election.id, invitee.id))
      throw conflict(ELECTION_MESSAGES.alreadyMember);
    const member = await addMember(tx, election.id, invitee.id, body.role);
    const pending = !invitee.passwordHash;
    // An account nobody has verified may have been signed up by someone other than the
    // address's owner: its owner gets the set-password link, which replaces that password.
    const mailLink = pending || !invitee.verified;
    await recordEvent(tx, {
      actorId: inviter.id,
      subjectType: 'election-member',
      subjectId: member.id,
      action: 'invite',
      data: { electionId: election.id, userId: invitee.id, role: body.role, pending },
    });
    const details = {
      firstName: invitee.firstName || body.first_name,
      inviter: `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email,
      election: election.name,
      role: body.role,
    };
    const link = mailLink
      ? await invitationLink(deps, tx, invitee.id)
      : `${deps.config.publicUrl}/elections/${election.id}`;
    const message = mailLink
      ? electionInvitationMail(invitee.email, { ...details, link })
      : electionAddedMail(invitee.email, { ...details, link });
    return { memberId: member.id, mail: message };
  });
  await deps.mailer.send(mail);
  return memberId;
}
