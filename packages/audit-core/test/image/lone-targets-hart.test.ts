import { describeLoneTargets } from './lone-targets.js';

describeLoneTargets('Hart-like, boxes', 'hart');
