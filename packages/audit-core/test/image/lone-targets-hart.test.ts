import { describeApartTargets, describeLoneTargets } from './lone-targets.js';

describeLoneTargets('Hart-like, boxes', 'hart');

describeApartTargets('Hart-like, boxes', 'hart');
