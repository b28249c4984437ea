import { toDollars, type FundraisingRow } from '@scrutineer/contracts';
import type { AppDeps } from '../../platform/deps.js';
import { listPayments, type PaymentKind } from './payments.repository.js';

/** Every recorded payment, newest first: the admin board's Fundraising tab reads this. */
export async function listFundraising(
  deps: AppDeps,
  search?: string,
): Promise<{ payments: FundraisingRow[] }> {
  const rows = await listPayments(deps.database.db, search);
  return {
    payments: rows.map(({ payment, projectName }) => ({
      id: payment.id,
      transaction_id: payment.providerRef,
      kind: payment.kind as PaymentKind,
      project_name: projectName,
      name: payment.name,
      email: payment.email,
      price: toDollars(payment.amountCents),
      currency: payment.currency,
      payment_status: payment.paymentStatus,
      recurring: payment.recurring,
      address: payment.address,
      country: payment.country,
      state: payment.state,
      city: payment.city,
      zip_code: payment.zipCode,
      created_at: payment.createdAt.toISOString(),
    })),
  };
}
