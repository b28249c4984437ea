import { randomBytes } from 'node:crypto';
import {
  FUNDING_MESSAGES,
  formatDollars,
  type auditPaymentBodySchema,
  type packagePaymentBodySchema,
  type PaymentSession,
  type projectPaymentBodySchema,
} from '@scrutineer/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { CheckoutRequest } from '../../platform/payments/index.js';
import { loadActivePackage } from '../packages/index.js';
import { canSeeProject, findProjectById } from '../projects/index.js';
import { isPlainUser, type UserRow } from '../users/index.js';
import { insertSession, listOpenJobs, type PaymentKind } from './payments.repository.js';

const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/**
 * Where the browser comes back to: always the configured public address (PUBLIC_URL). The
 * body's `host` and the request's Host or X-Forwarded-Host headers are the caller's to choose,
 * so a checkout link made with them could send a payer to someone else's site.
 */
export const returnBase = (deps: AppDeps) => deps.config.publicUrl;

async function open(
  deps: AppDeps,
  kind: PaymentKind,
  user: UserRow | null,
  request: CheckoutRequest,
  fields: {
    projectId?: number;
    packageId?: number;
    isMonthly?: boolean;
    lines?: { auditId: number; cents: number }[];
    access: number;
  },
): Promise<PaymentSession> {
  const checkout = await deps.payments.createCheckout({
    ...request,
    ...(user ? { customerEmail: user.email } : {}),
    metadata: { ...request.metadata, kind, nonce: randomBytes(4).toString('hex') },
  });
  await insertSession(deps.database.db, {
    id: checkout.id,
    provider: deps.payments.name,
    kind,
    amountCents: request.amountCents,
    recurring: request.mode === 'subscription',
    isMonthly: fields.isMonthly ?? true,
    projectId: fields.projectId ?? null,
    packageId: fields.packageId ?? null,
    lines: fields.lines ?? [],
    access: fields.access,
    userId: user?.id ?? null,
  });
  return { sessionId: checkout.id, url: checkout.url, provider: deps.payments.name };
}

export async function startProjectCheckout(
  deps: AppDeps,
  user: UserRow | null,
  base: string,
  body: z.output<typeof projectPaymentBodySchema>,
) {
  const project = await findProjectById(deps.database.db, body.project_id);
  if (!project || !canSeeProject(user, project) || !project.active)
    throw notFound(FUNDING_MESSAGES.projectNotFound);
  return open(
    deps,
    'project',
    user,
    {
      mode: body.recurring ? 'subscription' : 'payment',
      interval: 'month',
      amountCents: body.price,
      description: `Donation to ${project.name}${body.recurring ? ' (monthly)' : ''}`,
      successUrl: `${base}/project/success/${project.id}?session_id=${SESSION_PLACEHOLDER}`,
      cancelUrl: `${base}/project/cancle/${project.id}`,
      metadata: { project_id: String(project.id), access: String(body.access) },
    },
    { projectId: project.id, access: body.access },
  );
}

/** Lines of 0 are dropped; the lines must be open jobs and add up to the price. */
export async function startAuditCheckout(
  deps: AppDeps,
  user: UserRow | null,
  base: string,
  body: z.output<typeof auditPaymentBodySchema>,
) {
  const byJob = new Map<number, number>();
  for (const line of body.audit_ids) {
    if (line.amount > 0) byJob.set(line.audit_id, (byJob.get(line.audit_id) ?? 0) + line.amount);
  }
  const lines = [...byJob].map(([auditId, cents]) => ({ auditId, cents }));
  if (lines.length === 0) throw badRequest(FUNDING_MESSAGES.noLines);
  const sum = lines.reduce((total, line) => total + line.cents, 0);
  if (sum !== body.price) throw badRequest(FUNDING_MESSAGES.priceMismatch);
  const jobs = await listOpenJobs(
    deps.database.db,
    lines.map((line) => line.auditId),
  );
  if (jobs.length !== lines.length) throw badRequest(FUNDING_MESSAGES.jobNotOpen);
  const names = new Map(jobs.map((job) => [job.id, job.name]));
  const success = user ? '/audit-donation/success' : '/public/success';
  return open(
    deps,
    'audit',
    user,
    {
      mode: body.recurring ? 'subscription' : 'payment',
      interval: 'month',
      amountCents: body.price,
      description: `Donation to ${lines.length === 1 ? 'audit job' : 'audit jobs'} ${lines
        .map((line) => `${names.get(line.auditId)} (${formatDollars(line.cents)})`)
        .join(', ')}`.slice(0, 480),
      successUrl: `${base}${success}?session_id=${SESSION_PLACEHOLDER}`,
      cancelUrl: `${base}/canceled`,
      metadata: { audit_ids: lines.map((line) => line.auditId).join(',') },
    },
    { lines, access: body.access },
  );
}

/** A User buys a package, billed monthly or yearly until cancelled. */
export async function startPackageCheckout(
  deps: AppDeps,
  user: UserRow,
  base: string,
  body: z.output<typeof packagePaymentBodySchema>,
) {
  if (!isPlainUser(user)) throw forbidden(FUNDING_MESSAGES.usersOnlySubscribe);
  const pkg = await loadActivePackage(deps, body.package_id);
  const dollars = body.is_monthly ? pkg.monthlyPrice : pkg.yearlyPrice;
  if (body.price !== dollars * 100) throw badRequest(FUNDING_MESSAGES.packagePriceMismatch);
  return open(
    deps,
    'package',
    user,
    {
      mode: 'subscription',
      interval: body.is_monthly ? 'month' : 'year',
      amountCents: body.price,
      description: `${pkg.name} (${body.is_monthly ? 'Monthly' : 'Yearly'})`,
      successUrl: `${base}/subscription/success/${pkg.id}?session_id=${SESSION_PLACEHOLDER}`,
      cancelUrl: `${base}/subscription/cancle/${pkg.id}`,
      metadata: { package_id: String(pkg.id), is_monthly: body.is_monthly ? '1' : '0' },
    },
    { packageId: pkg.id, isMonthly: body.is_monthly, access: 0 },
  );
}
