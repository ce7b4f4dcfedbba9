// Public surface of the scheduled imports feature (issue 42; docs/api-scheduled-imports.md).
export { ScheduledImportsSection } from './components/ScheduledImportsSection.tsx';
