// Public surface of the client feature (the user's organisation).
export {
  useCurrentClient,
  getCurrentClient,
  currentClientQueryOptions,
  CURRENT_CLIENT_KEY,
} from './api/get-current-client.ts';
export type { CurrentClient } from './api/get-current-client.ts';
