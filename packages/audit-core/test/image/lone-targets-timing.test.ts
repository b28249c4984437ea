import { describeApartTargets, describeLoneTargets } from './lone-targets.js';

describeLoneTargets('timing marks, ovals', 'timing');

describeApartTargets('timing marks, ovals', 'timing');
