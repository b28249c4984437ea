export { AuditDonationPage } from './audit-donation-page';
export { PackagesPage } from './packages-page';
export { PaymentCancelPage, PaymentSuccessPage, ProjectCancelPage } from './outcome-page';
export { ProjectDonationPage } from './project-donation-page';
export { ProjectsListPage } from './projects-list-page';
export { PublicAuditPage } from './public-audit-page';
export { SubscriptionPage } from './subscription-page';
