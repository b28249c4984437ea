/** The operations screens, loaded with the audit job page by the router. */
export { OperationsPanel, type StageSettingsSlot } from './operations-panel';
