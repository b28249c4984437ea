import { toDollars, type Package, type Subscription } from '@scrutineer/contracts';
import type { payments } from '../../db/schema.js';
import type { PackageRow, PackageWithOwner, SubscriptionRow } from './packages.repository.js';

/** Only packages whose owner is an Admin can be edited (the spec's rule). */
export const canEditPackage = (ownerRole: string | null) => ownerRole === 'Admin';

export function presentPackage({ pkg, ownerRole }: PackageWithOwner): Package {
  return {
    id: pkg.id,
    name: pkg.name,
    description: pkg.description,
    monthlyPrice: pkg.monthlyPrice,
    yearlyPrice: pkg.yearlyPrice,
    status: pkg.status as Package['status'],
    users: { id: pkg.ownerId, role: ownerRole },
    can: { update: canEditPackage(ownerRole) },
  };
}

export function presentSubscription(row: {
  sub: SubscriptionRow;
  pkg: PackageRow;
  payment: typeof payments.$inferSelect | null;
}): Subscription {
  const { sub, pkg, payment } = row;
  const live = sub.status === 'Active' && sub.endDate > new Date();
  return {
    id: sub.id,
    package: { id: pkg.id, name: pkg.name },
    package_id: pkg.id,
    is_monthly: sub.isMonthly,
    price: toDollars(sub.priceCents),
    startDate: sub.startDate.toISOString(),
    endDate: sub.endDate.toISOString(),
    status: live ? 'Active' : sub.status === 'Active' ? 'Expired' : sub.status,
    manual: sub.manual,
    users: { id: sub.userId },
    payment: payment
      ? {
          name: payment.name,
          email: payment.email,
          transaction_id: payment.providerRef,
          price: toDollars(payment.amountCents),
          payment_status: payment.paymentStatus,
          currency: payment.currency,
          city: payment.city,
          state: payment.state,
          country: payment.country,
          address: payment.address,
          zip_code: payment.zipCode,
        }
      : null,
  };
}
