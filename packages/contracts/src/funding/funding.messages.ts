/** Answers of the funding calls: the spec's wording where it has one, decisions elsewhere. */
export const FUNDING_MESSAGES = {
  projectCreated: 'Project Created',
  projectUpdated: 'Project Updated',
  manualSaved: 'Manually donation save successfully',
  packageSaved: 'Audit Package Created or Updated',
  manualPackageCreated: 'Manual Package Created',
  enterAmount: 'Please Enter amount',
  chooseDonateBy: 'Please Select Donation By',
  chooseOption: 'Please Choose any one option.',
  required: 'Required.',
  invalidValue: 'Invalid value.',
  inputRequired: 'input is required',
  inputPositive: 'input must be positive',
  // Decisions where the spec shows no wording (docs/decisions.md).
  projectPermissionOnly: 'You do not have permission to add or edit projects.',
  projectNameTaken: 'A project with this name already exists.',
  projectNotFound: 'Project not found.',
  amountTooSmall: 'The amount must be at least $1.',
  amountTooLarge: 'The amount must be at most $1,000,000.',
  amountCents: 'The amount can have at most two decimals.',
  priceMismatch: 'price must equal the sum of the per-job amounts.',
  jobNotOpen: 'One of the chosen audit jobs is not open for donations.',
  noLines: 'Choose at least one audit job and an amount.',
  sessionUnknown: 'This payment session is unknown.',
  sessionKind: 'This payment session belongs to another kind of payment.',
  sessionUnpaid: 'This payment has not been completed.',
  webhookSignature: 'The webhook signature is invalid.',
  amountMismatch: 'The amount paid does not match this payment session.',
  packageNotActive: 'This package is not available for purchase.',
  packageOwnerOnly: 'Only packages owned by an Admin can be edited.',
  packagePriceMismatch: "price must equal the package's price for the chosen period.",
  usersOnlySubscribe: 'Subscriptions are for User accounts.',
  adminNoSubscription: 'Admin accounts get no subscription.',
  userNotFound: 'User not found.',
  electionNotFound: 'One of the adopted elections does not exist.',
  dateFormat: 'Election Date must be a date entered MM-DD-YYYY.',
} as const;

export const MAX_DONATION = 1_000_000;
export const PACKAGE_STATUSES = ['Active', 'Deactive', 'Deleted'] as const;
/** Package type ids of the spec: 1 Monthly, 0 Yearly. */
export const PACKAGE_TYPE = { monthly: 1, yearly: 0 } as const;
