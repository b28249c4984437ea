import type { AppDeps } from '../platform/deps.js';
import { recordEvent } from '../platform/db/events.js';
import { countUsers, insertUser } from '../modules/users/index.js';
import { seedDemoElection } from './seed-election.js';

/**
 * On an empty database, creates a verified Admin and a verified User with a plan, and a small
 * generated election with an audit job, the Admin as its Auditor.
 */
export async function seedDemo(deps: AppDeps): Promise<boolean> {
  const { config, database, hasher, log } = deps;
  if ((await countUsers(database.db)) > 0) return false;
  const accounts = [
    {
      email: config.SEED_ADMIN_EMAIL,
      password: config.SEED_ADMIN_PASSWORD,
      role: 'Admin',
      firstName: 'Ada',
      lastName: 'Admin',
      plan: 0,
    },
    {
      email: config.SEED_USER_EMAIL,
      password: config.SEED_USER_PASSWORD,
      role: 'User',
      firstName: 'Uma',
      lastName: 'User',
      plan: 1,
    },
  ];
  const created = await database.db.transaction(async (tx) => {
    const users = [];
    for (const account of accounts) {
      const user = await insertUser(tx, {
        email: account.email,
        passwordHash: await hasher.hash(account.password),
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        verified: true,
        subscriptionPlan: account.plan,
        projectPermission: account.role === 'Admin',
        testJob: account.role === 'Admin',
      });
      await recordEvent(tx, {
        actorId: null,
        subjectType: 'user',
        subjectId: user.id,
        action: 'seed',
      });
      users.push(user);
    }
    return users;
  });
  const admin = created[0];
  if (admin && config.SEED_DEMO_ELECTION)
    await seedDemoElection(deps, admin).catch((error: unknown) =>
      log.warn({ err: error }, 'the demo election could not be created'),
    );
  log.info(
    `Demo accounts created:\n  Admin  ${config.SEED_ADMIN_EMAIL} / ${config.SEED_ADMIN_PASSWORD}\n  User   ${config.SEED_USER_EMAIL} / ${config.SEED_USER_PASSWORD}`,
  );
  return true;
}
