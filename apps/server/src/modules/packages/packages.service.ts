import {
  FUNDING_MESSAGES,
  toCents,
  type manualSubscriptionBodySchema,
  type packageBodySchema,
} from '@scrutineer/contracts';
import type { z } from 'zod';
import { recordEvent } from '../../platform/db/events.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { findUserById, isAdmin, type UserRow } from '../users/index.js';
import { canEditPackage, presentPackage, presentSubscription } from './packages.presenter.js';
import {
  findPackage,
  findSubscription,
  insertPackage,
  listPackageRows,
  listSubscriptionsOf,
  updatePackageRow,
} from './packages.repository.js';
import { startSubscription } from './subscriptions.js';

type PackageInput = z.output<typeof packageBodySchema>;

export async function listPackages(deps: AppDeps, search: string | undefined) {
  const rows = await listPackageRows(deps.database.db, { search });
  return { packages: rows.map(presentPackage) };
}

export async function listActivePackages(deps: AppDeps) {
  const rows = await listPackageRows(deps.database.db, { activeOnly: true });
  return { packages: rows.map(presentPackage) };
}

export async function getPackage(deps: AppDeps, id: number) {
  const row = await findPackage(deps.database.db, id);
  if (!row || row.pkg.status === 'Deleted') throw notFound();
  return presentPackage(row);
}

/** An Active package, as purchases and manual subscriptions need it. */
export async function loadActivePackage(deps: AppDeps, id: number) {
  const row = await findPackage(deps.database.db, id);
  if (!row || row.pkg.status !== 'Active') throw badRequest(FUNDING_MESSAGES.packageNotActive);
  return row.pkg;
}

export async function createPackage(deps: AppDeps, user: UserRow, body: PackageInput) {
  const row = await deps.database.db.transaction(async (tx) => {
    const pkg = await insertPackage(tx, {
      name: body.name,
      description: body.description,
      monthlyPrice: body.monthlyPrice,
      yearlyPrice: body.yearlyPrice,
      status: body.status ?? 'Active',
      ownerId: user.id,
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'package',
      subjectId: pkg.id,
      action: 'create',
    });
    return pkg;
  });
  return { message: FUNDING_MESSAGES.packageSaved, package: await getPackage(deps, row.id) };
}

export async function updatePackage(deps: AppDeps, user: UserRow, id: number, body: PackageInput) {
  const current = await findPackage(deps.database.db, id);
  if (!current || current.pkg.status === 'Deleted') throw notFound();
  if (!canEditPackage(current.ownerRole)) throw forbidden(FUNDING_MESSAGES.packageOwnerOnly);
  await deps.database.db.transaction(async (tx) => {
    await updatePackageRow(tx, id, {
      name: body.name,
      description: body.description,
      monthlyPrice: body.monthlyPrice,
      yearlyPrice: body.yearlyPrice,
      ...(body.status ? { status: body.status } : {}),
    });
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'package',
      subjectId: id,
      action: body.status === 'Deleted' ? 'delete' : 'update',
    });
  });
  const saved = await findPackage(deps.database.db, id);
  if (!saved) throw notFound();
  return { message: FUNDING_MESSAGES.packageSaved, package: presentPackage(saved) };
}

export async function listSubscriptions(deps: AppDeps, userId: number) {
  const rows = await listSubscriptionsOf(deps.database.db, userId);
  return { subscriptions: rows.map(presentSubscription) };
}

export async function listSubscriptionsOfUser(deps: AppDeps, userId: number) {
  if (!(await findUserById(deps.database.db, userId)))
    throw notFound(FUNDING_MESSAGES.userNotFound);
  return listSubscriptions(deps, userId);
}

/** An Admin gives a User a package by hand; the price follows the package and type. */
export async function createManualSubscription(
  deps: AppDeps,
  admin: UserRow,
  body: z.output<typeof manualSubscriptionBodySchema>,
) {
  const target = await findUserById(deps.database.db, body.user_id);
  if (!target) throw notFound(FUNDING_MESSAGES.userNotFound);
  if (isAdmin(target)) throw badRequest(FUNDING_MESSAGES.adminNoSubscription);
  const pkg = await loadActivePackage(deps, body.package_id);
  const dollars = body.price ?? (body.is_monthly ? pkg.monthlyPrice : pkg.yearlyPrice);
  const sub = await deps.database.db.transaction(async (tx) => {
    const row = await startSubscription(tx, {
      userId: target.id,
      packageId: pkg.id,
      isMonthly: body.is_monthly,
      priceCents: toCents(dollars),
      manual: true,
      paymentId: null,
      sessionId: null,
      providerSubscriptionId: null,
    });
    await recordEvent(tx, {
      actorId: admin.id,
      subjectType: 'subscription',
      subjectId: row.id,
      action: 'manual-create',
      data: { userId: target.id, packageId: pkg.id },
    });
    return row;
  });
  const saved = await findSubscription(deps.database.db, sub.id);
  if (!saved) throw notFound();
  return {
    message: FUNDING_MESSAGES.manualPackageCreated,
    subscription: presentSubscription(saved),
  };
}
