import { describeLoneTargets } from './lone-targets.js';

describeLoneTargets('timing marks, ovals', 'timing');
