import { describeApartTargets } from './lone-targets.js';

describeApartTargets('connect-the-arrow', 'arrow');
