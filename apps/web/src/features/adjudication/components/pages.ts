/** The adjudication screens, loaded with the audit job page by the router. */
export { AdjudicationPanel } from './adjudication-panel';
