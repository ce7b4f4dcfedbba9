// Public surface of the COF scenarios feature (spec 001 §2–§4, §7): the list and editor of /cof/scenarios, the
// planner's scenario switch, the no-subscription state, and the viewer the routes build from the current user.
export { CofScenarioList } from './components/list/CofScenarioList.tsx';
export type { CofScenarioListProps } from './components/list/CofScenarioList.tsx';
export { CofScenarioEditor } from './components/editor/CofScenarioEditor.tsx';
export type { CofScenarioEditorProps } from './components/editor/CofScenarioEditor.tsx';
export { CofScenarioSwitch } from './components/switch/CofScenarioSwitch.tsx';
export type { CofScenarioSwitchProps } from './components/switch/CofScenarioSwitch.tsx';
export { CofSubscriptionRequired } from './components/CofSubscriptionRequired.tsx';
export { useCofViewer } from './hooks/use-cof-viewer.ts';
export { cofViewer, hasCofSubscription } from './lib/viewer.ts';
export type { CofUser, CofViewer } from './lib/viewer.ts';
export { cofScenarioKeys } from './api/keys.ts';
export { useCofScenarioInUseName } from './hooks/use-scenario-in-use.ts';
export { scenarioName, servedCofName } from './lib/names.ts';
