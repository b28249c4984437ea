export { registerReferenceRoutes } from './reference.routes.js';
export { findJurisdiction, jurisdictionMap } from './jurisdictions.js';
export { countryName, isUsState, usStates } from './places.js';
