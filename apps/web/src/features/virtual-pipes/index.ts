// Public surface of the virtual-pipes feature (issue 17; docs/api-virtual-pipes.md): the view of one dataset.
export { VirtualPipesView } from './components/VirtualPipesView.tsx';
export { virtualPipesKey } from './api.ts';
